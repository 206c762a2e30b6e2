"""The DM side: brains (any OpenAI-compatible endpoint, scripted replay), the tools the DM
calls into the rules engine, and the context it is given each turn."""
