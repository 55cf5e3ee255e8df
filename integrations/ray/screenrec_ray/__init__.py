"""Ray Data over long-lived ``screenrec analyze - --format jsonl`` processes.

``python -m screenrec_ray INPUT_DIR OUTPUT_DIR`` lists the screenshots, maps batches of paths
through an actor pool in which each actor keeps one ``screenrec`` process (models loaded once per
actor), and writes the CLI's JSON lines to ``OUTPUT_DIR``: one line per image, the same object as
``screenrec analyze IMAGE... --format jsonl`` prints — the analysis, or ``{"image", "error"}``.
"""

from .pipeline import IMAGE_EXTENSIONS, ScreenrecProcess, list_images, run

__all__ = ["IMAGE_EXTENSIONS", "ScreenrecProcess", "list_images", "run"]
