"""ImageNet's 1000 classes (torchvision's order, which the EfficientNet-Lite0 head uses) turned into
short alt-text labels, as a screen reader would want them: "Egyptian cat" → "Cat", the 118 dog
breeds → "Dog", "cellular telephone" → "Phone".

The rule, in order:
1. `RANGES`: contiguous runs of ImageNet's WordNet-ordered animal classes share one everyday word
   (the ranges were read off torchvision's list; every index is covered at most once);
2. `OVERRIDES`: single classes whose ImageNet name is obscure, plural-less or misleading for a
   listener ("ashcan" → "Trash can", "jean" → "Jeans", "notebook" → "Laptop");
3. otherwise the first ImageNet name with its first letter capitalised ("bagel" → "Bagel").

Classes that share a label have their probabilities summed before the confidence threshold
(`describe` in pictures.py and the Swift `ONNXPictureDescriber`): a tabby cat split between
"tabby", "tiger cat" and "Egyptian cat" is still confidently a "Cat".
The table is written to Models/pictures/labels.json by export_pictures.py and checked by pytest.
"""
from __future__ import annotations


def imagenet_classes() -> list[str]:
    """The 1000 ImageNet class names in torchvision's order (Debian python3-torchvision)."""
    from torchvision.models import _meta
    names = list(_meta._IMAGENET_CATEGORIES)
    assert len(names) == 1000
    return names


# (first index, last index inclusive, label)
RANGES = [
    (0, 1, "Fish"), (2, 4, "Shark"), (5, 6, "Ray"), (7, 8, "Chicken"), (9, 9, "Ostrich"),
    (10, 24, "Bird"), (25, 29, "Salamander"), (30, 32, "Frog"), (33, 37, "Turtle"), (38, 48, "Lizard"),
    (49, 50, "Crocodile"), (51, 51, "Dinosaur"), (52, 68, "Snake"), (69, 69, "Trilobite"),
    (70, 70, "Spider"), (71, 71, "Scorpion"), (72, 77, "Spider"), (78, 78, "Tick"), (79, 79, "Centipede"),
    (80, 83, "Bird"), (84, 84, "Peacock"), (85, 86, "Bird"), (87, 90, "Parrot"), (91, 96, "Bird"),
    (97, 98, "Duck"), (99, 99, "Goose"), (100, 100, "Swan"), (101, 101, "Elephant"),
    (102, 102, "Echidna"), (103, 103, "Platypus"), (104, 104, "Kangaroo"), (105, 105, "Koala"),
    (106, 106, "Wombat"), (107, 107, "Jellyfish"), (108, 108, "Sea anemone"), (109, 109, "Coral"),
    (110, 111, "Worm"), (112, 112, "Seashell"), (113, 113, "Snail"), (114, 115, "Slug"),
    (116, 117, "Seashell"), (118, 121, "Crab"), (122, 123, "Lobster"), (124, 124, "Crayfish"),
    (125, 125, "Crab"), (126, 126, "Isopod"), (127, 143, "Bird"), (144, 144, "Pelican"),
    (145, 145, "Penguin"), (146, 146, "Bird"), (147, 148, "Whale"), (149, 149, "Dugong"),
    (150, 150, "Sea lion"), (151, 268, "Dog"), (269, 271, "Wolf"), (272, 272, "Coyote"),
    (273, 275, "Wild dog"), (276, 276, "Hyena"), (277, 280, "Fox"), (281, 285, "Cat"),
    (286, 286, "Cougar"), (287, 287, "Lynx"), (288, 289, "Leopard"), (290, 290, "Jaguar"),
    (291, 291, "Lion"), (292, 292, "Tiger"), (293, 293, "Cheetah"), (294, 297, "Bear"),
    (298, 299, "Meerkat"), (300, 307, "Beetle"), (308, 308, "Fly"), (309, 309, "Bee"), (310, 310, "Ant"),
    (311, 312, "Grasshopper"), (313, 313, "Stick insect"), (314, 314, "Cockroach"), (315, 315, "Mantis"),
    (316, 318, "Insect"), (319, 320, "Dragonfly"), (321, 326, "Butterfly"), (327, 327, "Starfish"),
    (328, 328, "Sea urchin"), (329, 329, "Sea cucumber"), (330, 332, "Rabbit"), (333, 333, "Hamster"),
    (334, 334, "Porcupine"), (335, 335, "Squirrel"), (336, 336, "Marmot"), (337, 337, "Beaver"),
    (338, 338, "Guinea pig"), (339, 339, "Horse"), (340, 340, "Zebra"), (341, 343, "Pig"),
    (344, 344, "Hippopotamus"), (345, 347, "Cattle"), (348, 348, "Sheep"), (349, 350, "Goat"),
    (351, 353, "Antelope"), (354, 354, "Camel"), (355, 355, "Llama"), (356, 359, "Weasel"),
    (360, 360, "Otter"), (361, 361, "Skunk"), (362, 362, "Badger"), (363, 363, "Armadillo"),
    (364, 364, "Sloth"), (365, 365, "Orangutan"), (366, 366, "Gorilla"), (367, 367, "Chimpanzee"),
    (368, 382, "Monkey"), (383, 384, "Lemur"), (385, 386, "Elephant"), (387, 387, "Red panda"),
    (388, 388, "Panda"), (389, 397, "Fish"),
]

OVERRIDES = {
    "abaya": "Robe", "academic gown": "Gown", "airliner": "Airplane", "ambulance": "Ambulance",
    "amphibian": "Amphibious vehicle", "analog clock": "Clock", "apiary": "Beehive", "ashcan": "Trash can",
    "assault rifle": "Rifle", "balance beam": "Gymnastics", "ballpoint": "Pen", "Band Aid": "Bandage",
    "bannister": "Banister", "barrow": "Wheelbarrow", "bassinet": "Crib", "beach wagon": "Car",
    "bearskin": "Fur hat", "bell cote": "Bell tower", "bicycle-built-for-two": "Tandem bicycle",
    "binder": "Binder", "bow": "Bow", "brass": "Memorial plaque", "brassiere": "Bra", "cab": "Taxi",
    "caldron": "Cauldron", "car mirror": "Car mirror", "car wheel": "Wheel", "cash machine": "ATM",
    "cellular telephone": "Phone", "chiffonier": "Dresser", "cliff dwelling": "Cliff dwelling",
    "convertible": "Car", "Crock Pot": "Slow cooker", "cuirass": "Armour", "desktop computer": "Computer",
    "dial telephone": "Telephone", "digital clock": "Clock", "digital watch": "Watch",
    "entertainment center": "TV stand", "espresso maker": "Coffee maker", "file": "File cabinet",
    "four-poster": "Bed", "freight car": "Train", "grille": "Car grille", "hair slide": "Hair clip",
    "half track": "Military vehicle", "hand blower": "Hair dryer", "hand-held computer": "Handheld computer",
    "hard disc": "Hard drive", "home theater": "Home theater", "hoopskirt": "Skirt",
    "horizontal bar": "Gymnastics", "horse cart": "Horse cart", "iPod": "iPod", "jean": "Jeans",
    "jeep": "Car", "jersey": "T-shirt", "jinrikisha": "Rickshaw", "lens cap": "Lens cap",
    "limousine": "Car", "liner": "Ship", "Loafer": "Shoe", "loupe": "Magnifier", "lumbermill": "Sawmill",
    "magnetic compass": "Compass", "maillot": "Swimsuit", "maillot tank suit": "Swimsuit",
    "minibus": "Van", "minivan": "Van", "Model T": "Vintage car", "monitor": "Computer monitor",
    "mortarboard": "Graduation cap", "moving van": "Truck", "nipple": "Baby bottle", "notebook": "Laptop",
    "overskirt": "Skirt", "oxcart": "Cart", "packet": "Package", "pajama": "Pajamas",
    "parallel bars": "Gymnastics", "passenger car": "Train", "pay-phone": "Pay phone",
    "pickelhaube": "Helmet", "pickup": "Pickup truck", "plane": "Plane (tool)", "police van": "Police van",
    "pop bottle": "Bottle", "pot": "Flower pot", "prayer rug": "Rug", "projectile": "Missile",
    "racer": "Race car", "rule": "Ruler", "scale": "Scale", "screen": "Screen", "sax": "Saxophone",
    "shoji": "Sliding door", "slot": "Slot machine", "solar dish": "Solar dish", "sorrel": "Horse",
    "space bar": "Keyboard", "sports car": "Car", "stole": "Scarf", "streetcar": "Tram",
    "studio couch": "Sofa", "sunglass": "Sunglasses", "suit": "Suit", "swab": "Mop", "switch": "Switch",
    "tank": "Tank", "teddy": "Teddy bear", "television": "Television", "thresher": "Farm machine",
    "tile roof": "Roof", "tobacco shop": "Shop", "toyshop": "Toy store", "trailer truck": "Truck",
    "tray": "Tray", "triumphal arch": "Arch", "tub": "Bathtub", "typewriter keyboard": "Typewriter",
    "upright": "Piano", "vacuum": "Vacuum cleaner", "vestment": "Robe", "wing": "Airplane wing",
    "web site": "Website", "book jacket": "Book", "hotdog": "Hot dog", "head cabbage": "Cabbage",
    "Granny Smith": "Apple", "hip": "Rose hip", "ear": "Corn", "corn": "Corn", "agaric": "Mushroom",
    "bolete": "Mushroom", "gyromitra": "Mushroom", "stinkhorn": "Mushroom", "earthstar": "Mushroom",
    "hen-of-the-woods": "Mushroom", "coral fungus": "Mushroom", "espresso": "Coffee", "cup": "Cup",
    "eggnog": "Drink", "red wine": "Wine", "consomme": "Soup", "hot pot": "Hot pot", "trifle": "Dessert",
    "ice lolly": "Popsicle", "French loaf": "Bread", "alp": "Mountains", "lakeside": "Lake",
    "promontory": "Coast", "sandbar": "Beach", "seashore": "Beach", "valley": "Valley",
    "ballplayer": "Baseball player", "groom": "Groom", "scuba diver": "Scuba diver",
    "rapeseed": "Field of flowers", "daisy": "Flower", "yellow lady's slipper": "Flower",
    "buckeye": "Chestnut", "toilet tissue": "Toilet paper", "bubble": "Bubble", "cliff": "Cliff",
    "coral reef": "Coral reef", "geyser": "Geyser", "volcano": "Volcano", "crane": "Crane",
    "mouse": "Computer mouse", "drumstick": "Drumstick", "tusker": "Elephant", "comic book": "Comic book",
    "crossword puzzle": "Crossword", "street sign": "Street sign", "traffic light": "Traffic light",
    "menu": "Menu", "plate": "Plate of food", "bow tie": "Bow tie", "Windsor tie": "Tie",
    "bolo tie": "Tie", "chain mail": "Chain mail", "pirate": "Pirate ship", "schooner": "Sailboat",
    "yawl": "Sailboat", "catamaran": "Catamaran", "trimaran": "Trimaran", "wreck": "Shipwreck",
    "container ship": "Ship", "fireboat": "Boat", "lifeboat": "Boat", "speedboat": "Boat",
    "gondola": "Gondola", "canoe": "Canoe", "paddle": "Paddle", "warplane": "Airplane",
    "airship": "Airship", "space shuttle": "Space shuttle", "missile": "Missile",
    "steam locomotive": "Train", "electric locomotive": "Train", "bullet train": "Train",
}


def label_table(names: list[str] | None = None) -> list[str]:
    """The alt-text label of each of the 1000 classes, in class order."""
    names = names or imagenet_classes()
    labels: list[str | None] = [None] * len(names)
    for a, b, label in RANGES:
        for i in range(a, b + 1):
            assert labels[i] is None, f"class {i} is in two ranges"
            labels[i] = label
    for i, n in enumerate(names):
        if labels[i] is None:
            labels[i] = OVERRIDES.get(n, n[:1].upper() + n[1:])
    return labels  # type: ignore[return-value]
