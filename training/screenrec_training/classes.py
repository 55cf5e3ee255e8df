"""The 13 detector classes, in the order of the Swift core's contract
(Sources/ScreenRecognition/Model/ElementClass.swift, paper §4.2 / Table 1). Index = class id."""

CLASSES = [
    "checkboxSelected",
    "checkboxUnselected",
    "container",
    "dialog",
    "icon",
    "picture",
    "pageControl",
    "segmentedControl",
    "slider",
    "text",
    "textField",
    "toggleSelected",
    "toggleUnselected",
]
CLASS_INDEX = {name: i for i, name in enumerate(CLASSES)}
NUM_CLASSES = len(CLASSES)

# Pairs of (selected, unselected) ids. Datasets without states (ui-real) label a toggle or
# checkbox without saying which; such boxes train the pair as one merged class.
STATE_PAIRS = [
    (CLASS_INDEX["checkboxSelected"], CLASS_INDEX["checkboxUnselected"]),
    (CLASS_INDEX["toggleSelected"], CLASS_INDEX["toggleUnselected"]),
]


def state_merged(class_id: int) -> int:
    """Mirrors ElementClass.stateMerged: selected ids map to their unselected id."""
    for sel, unsel in STATE_PAIRS:
        if class_id == sel:
            return unsel
    return class_id
