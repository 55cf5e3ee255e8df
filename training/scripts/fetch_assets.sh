#!/usr/bin/env bash
# Puts the offline photo assets for the synthetic generator into training/data/assets/photos
# (git-ignored). Source: the scikit-image 0.24.0 wheel on PyPI, which ships a few sample photos in
# skimage/data. Only photos whose docstrings in skimage/data/_fetchers.py state CC0 or public
# domain are kept (licence per file written to photos/LICENCES.txt).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
dest="$here/data/assets/photos"
tmp="$(mktemp -d)"
mkdir -p "$dest"
python3 -m pip download --no-deps --only-binary=:all: "scikit-image==0.24.0" -d "$tmp" >/dev/null
(cd "$tmp" && unzip -o -q ./*.whl 'skimage/data/*')
cat > "$dest/LICENCES.txt" <<'TXT'
Photos from scikit-image 0.24.0 skimage/data (licence as stated in skimage/data/_fetchers.py):
astronaut.png        public domain (NASA)
camera.png           CC0 (Lav Varshney)
brick.png            CC0 (CC0Textures)
grass.png            CC0 (CC0Textures)
gravel.png           CC0 (CC0Textures)
cell.png             CC0
chelsea.png          CC0 (Stefan van der Walt)
coffee.png           CC0 (Rachel Michetti)
hubble_deep_field.jpg public domain (NASA)
retina.jpg           CC0 1.0
rocket.jpg           public domain (SpaceX)
horse.png            CC0 (Andreas Preuss)
TXT
for f in astronaut.png camera.png brick.png grass.png gravel.png cell.png chelsea.png coffee.png \
         hubble_deep_field.jpg retina.jpg rocket.jpg horse.png; do
  cp "$tmp/skimage/data/$f" "$dest/$f"
done
rm -rf "$tmp"
echo "photos in $dest: $(ls "$dest" | wc -l) files"
