"""The offline referee: plays a campaign with no network and no model, through the same
Brain protocol and the same tool calls an LLM would make."""
