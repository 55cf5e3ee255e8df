#!/usr/bin/env python3
"""Synthetic 3x phone screens (1170x2532) with ground truth, for measuring OCR (word accuracy, box
tightness, white-on-colour buttons). Each screen has a status-bar time, a 34 pt bold large title, a
15 pt pill button, a search field with a magnifier ring, eight list rows (17 pt primary text, 13 pt
grey secondary text or a grey value, coloured leading icons, disclosure chevrons), a 13 pt grey
footnote, two white-on-colour 17 pt bold buttons and a tab bar of 10 pt labels under icons; light
and dark mode, in six fonts other than Inter (DejaVu Sans, Roboto, Lato, Open Sans, Liberation Sans,
Noto Sans). Ground truth per screen: NAME.json, a list of lines {text, box [x, y, w, h], words}.

Usage: scripts/make-ocr-bench-screens.py OUTDIR [SEED0 [REPEATS]]
  The figures in Models/ocr/MODEL_CARD.md use SEED0=1000 REPEATS=2 (24 screens, held out from tuning;
  tuning used SEED0=0 REPEATS=1). Needs Pillow and the Debian font packages fonts-dejavu-core,
  fonts-roboto-unhinted, fonts-lato, fonts-open-sans, fonts-liberation2, fonts-noto-core.
"""
import json, random, sys
from PIL import Image, ImageDraw, ImageFont
W, H = 1170, 2532
FONTS = {
 'dejavu': ('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
 'roboto': ('/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf', '/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf'),
 'lato': ('/usr/share/fonts/truetype/lato/Lato-Regular.ttf', '/usr/share/fonts/truetype/lato/Lato-Bold.ttf'),
 'opensans': ('/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf', '/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf'),
 'liberation': ('/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf'),
 'noto': ('/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf'),
}
TITLES = ['Settings','Messages','Library','Photos','Wallet','Reminders','Contacts','Weather','Podcasts','Activity','Notes','Calendar']
PRIMARY = ['Wi-Fi','Bluetooth','Notifications','Sounds & Haptics','Focus','Screen Time','General','Control Centre','Display & Brightness','Home Screen','Accessibility','Wallpaper','Siri & Search','Battery','Privacy & Security','App Store','Passwords','Mail','Contacts','Calendar','Family Sharing','Personal Hotspot','Mobile Data','Airplane Mode','Software Update','Storage','Keyboard','Language & Region','Date & Time','Fonts','Emergency SOS','Exposure Logs','Health Records','Sleep Schedule','Recently Deleted','Shared Albums','Downloads','Favourites']
SECONDARY = ['Connected','Not Connected','Off','On','Last updated 2 hours ago','Home Network 5G','12 new messages','Updated Yesterday','3.4 GB of 64 GB used','Allow access','Tap to set up','Version 17.2.1','From your Mac','Shared with 4 people','Available','Every Monday at 9:41','Never','Automatic','Ask Every Time','92% charged']
BUTTONS = ['Continue','Sign In','Get Started','Delete Account','Save Changes','Try Again','Add to Cart','Buy Now','Subscribe','Share','Log Out','Done','Cancel','Next','Open','Download']
TABS = [['Home','Search','Library','Profile'],['Today','Games','Apps','Arcade','Search'],['Listen Now','Browse','Radio','Library','Search'],['Favourites','Recents','Contacts','Keypad','Voicemail']]
COLORS = [(0,122,255),(255,59,48),(52,199,89),(88,86,214),(255,149,0),(175,82,222)]

def text_line(d, xy, s, font, fill, lines):
    x, y = xy
    d.text((x, y), s, font=font, fill=fill)
    bb = d.textbbox((x, y), s, font=font)
    words = []
    cx = x
    for i, w in enumerate(s.split(' ')):
        prefix = ' '.join(s.split(' ')[:i]) + (' ' if i else '')
        wx = x + d.textlength(prefix, font=font)
        wb = d.textbbox((wx, y), w, font=font)
        words.append({'text': w, 'box': [wb[0], wb[1], wb[2]-wb[0], wb[3]-wb[1]]})
    lines.append({'text': s, 'box': [bb[0], bb[1], bb[2]-bb[0], bb[3]-bb[1]], 'words': words})
    return bb

def icon(d, x, y, s, col, kind):
    if kind == 0: d.ellipse([x, y, x+s, y+s], outline=col, width=max(3, s//10))
    elif kind == 1: d.rounded_rectangle([x, y, x+s, y+s], radius=s//4, fill=col)
    elif kind == 2: d.polygon([(x+s/2, y), (x+s, y+s), (x, y+s)], fill=col)
    elif kind == 3:
        for k in range(3): d.line([x, y+k*s/2.5+4, x+s, y+k*s/2.5+4], fill=col, width=max(3, s//10))
    else: d.ellipse([x+s/4, y+s/4, x+3*s/4, y+3*s/4], fill=col)

def screen(seed, font_name, dark):
    r = random.Random(seed)
    reg, bold = FONTS[font_name]
    F = lambda pt, b=False: ImageFont.truetype(bold if b else reg, int(pt*3))
    bg = (0,0,0) if dark else (242,242,247)
    card = (28,28,30) if dark else (255,255,255)
    fg = (255,255,255) if dark else (0,0,0)
    grey = (142,142,147) if dark else (138,138,142)
    img = Image.new('RGB', (W, H), bg); d = ImageDraw.Draw(img)
    lines = []
    text_line(d, (90, 45), '9:41', F(17, True), fg, lines)
    icon(d, 930, 55, 40, fg, 1); icon(d, 1000, 55, 40, fg, 4); icon(d, 1060, 55, 60, fg, 1)
    text_line(d, (48, 250), r.choice(TITLES), F(34, True), fg, lines)
    d.rounded_rectangle([48, 400, W-48, 510], radius=30, fill=(44,44,46) if dark else (227,227,232))
    icon(d, 80, 430, 45, grey, 0)
    text_line(d, (150, 425), 'Search', F(17), grey, lines)
    y = 580
    d.rounded_rectangle([48, y, W-48, y+8*150], radius=30, fill=card)
    prim = r.sample(PRIMARY, 8)
    for i in range(8):
        ry = y + i*150
        icon(d, 80, ry+40, 75, r.choice(COLORS), 1)
        secondary = r.random() < 0.5
        if secondary:
            text_line(d, (190, ry+22), prim[i], F(17), fg, lines)
            text_line(d, (190, ry+85), r.choice(SECONDARY), F(13), grey, lines)
        else:
            text_line(d, (190, ry+48), prim[i], F(17), fg, lines)
            if r.random() < 0.5:
                s = r.choice(['On','Off','Never','2','14'])
                f = F(17); tw = d.textlength(s, font=f)
                text_line(d, (W-140-tw, ry+48), s, f, grey, lines)
        d.line([W-110, ry+55, W-90, ry+75, W-110, ry+95], fill=grey, width=6)  # chevron
        if i < 7: d.line([190, ry+149, W-48, ry+149], fill=(56,56,58) if dark else (198,198,200), width=2)
    y = y + 8*150 + 60
    text_line(d, (90, y), 'Tap the button below to continue or read our terms.', F(13), grey, lines)
    y += 90
    btns = r.sample(BUTTONS, 2)
    for j, b in enumerate(btns):
        col = r.choice(COLORS)
        by = y + j*170
        d.rounded_rectangle([48, by, W-48, by+140], radius=40, fill=col)
        f = F(17, True); tw = d.textlength(b, font=f)
        text_line(d, ((W-tw)/2, by+42), b, f, (255,255,255), lines)
    # a small pill button
    d.rounded_rectangle([700, 250, W-48, 340], radius=45, fill=COLORS[0])
    f = F(15, True); tw = d.textlength('Edit', font=f)
    text_line(d, (700+(W-48-700-tw)/2, 270), 'Edit', f, (255,255,255), lines)
    # tab bar
    d.rectangle([0, 2280, W, H], fill=(22,22,24) if dark else (249,249,249))
    tabs = r.choice(TABS); n = len(tabs); sel = r.randrange(n)
    for k, t in enumerate(tabs):
        cx = (k+0.5)*W/n
        col = COLORS[0] if k == sel else grey
        icon(d, cx-36, 2305, 72, col, k % 5)
        f = F(10); tw = d.textlength(t, font=f)
        text_line(d, (cx-tw/2, 2395), t, f, col, lines)
    d.rounded_rectangle([W/2-200, 2500, W/2+200, 2512], radius=6, fill=fg)
    return img, lines

if __name__ == '__main__':
    out = sys.argv[1]; seed0 = int(sys.argv[2]) if len(sys.argv) > 2 else 0; reps = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    import os; os.makedirs(out, exist_ok=True)
    manifest = []
    i = 0
    for fn in [f for _ in range(reps) for f in FONTS]:
        for dark in (False, True):
            img, lines = screen(seed0 + i, fn, dark)
            name = f'{i:02d}-{fn}-{"dark" if dark else "light"}'
            img.save(f'{out}/{name}.png')
            json.dump(lines, open(f'{out}/{name}.json', 'w'), indent=0)
            i += 1
    print('wrote', i)
