#!/usr/bin/env python3
"""Renders the OCR check set: iOS-style phone screens in fonts other than Inter (the dev font),
light and dark, at 390x844 CSS px and device scale 3 (1170x2532 PNG), with ground truth read from
the DOM (every text line, its box in image pixels, and whether it is white text on a coloured
button).

Needs: headless Chromium (Debian `chromium`) and `python3 -m pip install websocket-client`.

    python3 Benchmarks/ocr-checkset/make_checkset.py            # writes screen-NN.png + truth.json here
    python3 Benchmarks/ocr-checkset/make_checkset.py --out DIR --seed 7 --count 16

Everything is drawn from one seeded RNG, so the same seed and the same Chromium/fonts give the same
screens. Chromium is started once and driven over the DevTools protocol.
"""
import argparse
import html
import json
import os
import random
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
import base64

import websocket  # pip: websocket-client

HERE = os.path.dirname(os.path.abspath(__file__))

# Fonts installed from Debian packages (fonts-roboto-unhinted, fonts-noto-core, fonts-open-sans,
# fonts-lato, fonts-liberation2, fonts-cantarell, fonts-dejavu-core). Inter is deliberately absent:
# it is the font the OCR is developed with.
FONTS = ["Roboto", "Noto Sans", "Open Sans", "Lato", "Liberation Sans", "Cantarell", "DejaVu Sans"]

WIDTH, HEIGHT, SCALE = 390, 844, 3  # iPhone 12-15 logical size; 3x like the real devices

# iOS system colours (Apple HIG "Color", light / dark variants).
PALETTE = {
    "light": dict(bg="#F2F2F7", cell="#FFFFFF", label="#000000", secondary="#8A8A8E", tertiary="#C4C4C7",
                  sep="#D1D1D6", fill="#E4E4EA", blue="#007AFF", green="#34C759", red="#FF3B30",
                  purple="#AF52DE", orange="#FF9500", teal="#30B0C7", indigo="#5856D6", pink="#FF2D55",
                  plainbg="#FFFFFF", barbg="#F9F9F9"),
    "dark": dict(bg="#000000", cell="#1C1C1E", label="#FFFFFF", secondary="#8D8D93", tertiary="#48484A",
                 sep="#38383A", fill="#2C2C2E", blue="#0A84FF", green="#30D158", red="#FF453A",
                 purple="#BF5AF2", orange="#FF9F0A", teal="#40C8E0", indigo="#5E5CE6", pink="#FF375F",
                 plainbg="#000000", barbg="#161616"),
}
BUTTON_FILLS = ["blue", "green", "red", "purple", "indigo", "teal", "pink"]

# ---------------------------------------------------------------------------------------------
# Content pools. Large enough that screens do not share strings; words with punctuation, digits,
# e-mail addresses, prices, dates and times on purpose.
FIRST = ["Olivia", "Liam", "Maya", "Noah", "Priya", "Mateo", "Hannah", "Kenji", "Amara", "Lucas", "Sofia",
         "Ethan", "Zoe", "Omar", "Chloe", "Felix", "Isla", "Jonas", "Leila", "Marcus", "Nora", "Theo",
         "Valeria", "Wei", "Yusuf", "Grace", "Diego", "Freya", "Hugo", "Ingrid", "Kofi", "Lena", "Rafael",
         "Sienna", "Tomás", "Aiko", "Bruno", "Clara", "Dev", "Elif", "Gabriel", "Hiro", "Jade", "Kai"]
LAST = ["Patel", "Nguyen", "García", "Okafor", "Schmidt", "Kowalski", "Tanaka", "Rossi", "Johnson", "Silva",
        "Murphy", "Haddad", "Larsen", "Chen", "Moreau", "Fischer", "Adeyemi", "Novak", "Reyes", "Walsh",
        "Bianchi", "Dubois", "Ivanova", "Kim", "Lindqvist", "Mendes", "O'Brien", "Park", "Quinn", "Sato"]
DOMAINS = ["icloud.com", "gmail.com", "outlook.com", "proton.me", "fastmail.com", "example.org", "mac.com"]
COMPANIES = ["Northwind", "Bluebird Bank", "Acme Supply", "Paper Kite", "Harbor Air", "Lumen Labs",
             "Greenleaf Market", "Orbit Mobile", "Summit Outdoors", "Cedar & Co.", "Pixel Post",
             "Riverside Clinic", "Atlas Travel", "Brightside Energy", "Maple Books", "Foxglove Studio"]
SUBJECTS = ["Your order has shipped", "Invoice #{n} is ready", "Lunch on Friday?", "Quarterly report draft",
            "Re: Weekend plans", "Password reset request", "Flight {c}{n} confirmed", "New sign-in from Safari",
            "Photos from the trip", "Meeting moved to {t}", "Your receipt from {co}", "Reminder: dentist at {t}",
            "Welcome to {co}!", "Can you review this?", "Team offsite agenda", "Rent due on {d}",
            "Fwd: Tickets for Saturday", "Your subscription renews soon", "Delivery update", "Thanks again!"]
PREVIEWS = ["Let me know if that works for you.", "I've attached the latest version below.",
            "See you there at {t} sharp!", "Tracking number: {n}{n}", "Can we push it to next week?",
            "The total comes to {p} including tax.", "Sounds great, thanks so much!",
            "Don't forget to bring the charger.", "Here's the link we talked about.",
            "Call me when you land, okay?", "Your code is {n}. It expires in 10 minutes.",
            "We miss you! Come back for 20% off.", "Both options look fine to me.",
            "Running 5 min late, sorry!", "Happy birthday!! Have a great one", "Did you get my voicemail?",
            "Parking is on level 3, row B.", "Great work on the launch today.",
            "Your package was left at the front door.", "Is the meeting still on?"]
SONG_A = ["Midnight", "Golden", "Paper", "Electric", "Quiet", "Northern", "Velvet", "Broken", "Summer",
          "Silver", "Wild", "Neon", "Lonely", "Crystal", "Hollow", "Distant", "Violet", "Restless"]
SONG_B = ["Highway", "Hearts", "Lights", "Ocean", "Parade", "Garden", "Echoes", "River", "Skyline",
          "Letters", "Machines", "Shadows", "Fever", "Harbor", "Dreams", "Satellite", "Rain", "Waves"]
CITIES = ["Lisbon", "Osaka", "Denver", "Nairobi", "Reykjavík", "Montréal", "Seoul", "Austin", "Porto",
          "Melbourne", "Kraków", "Cape Town", "Vancouver", "Bogotá", "Helsinki", "Edinburgh", "Taipei"]
PRODUCTS = ["Trail Runner 4", "Linen Shirt", "Ceramic Mug Set", "Noise-Cancelling Headphones",
            "Wool Beanie", "Espresso Grinder", "Desk Lamp Pro", "Travel Backpack 28L", "Yoga Mat",
            "Smart Scale", "Cast Iron Skillet", "Rain Jacket", "Leather Wallet", "Bluetooth Speaker",
            "Organic Coffee Beans", "Running Socks (3-Pack)", "Water Bottle 750 ml", "Phone Case"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
DAYS3 = [d[:3] for d in DAYS]
EVENTS = ["Standup", "Design review", "Yoga class", "Lunch with {f}", "1:1 with {f}", "Dentist",
          "Flight to {city}", "Pick up groceries", "Sprint planning", "Coffee with {f}", "Gym",
          "Book club", "Parent-teacher meeting", "Haircut", "Call the bank", "Team retro",
          "Interview: {f} {l}", "Piano lesson", "Car service", "Dinner at {f}'s"]
SETTINGS_GROUPS = [
    [("Airplane Mode", None), ("Wi-Fi", "{wifi}"), ("Bluetooth", "On"), ("Cellular", None),
     ("Personal Hotspot", "Off")],
    [("Notifications", None), ("Sounds & Haptics", None), ("Focus", None), ("Screen Time", None)],
    [("General", None), ("Control Center", None), ("Display & Brightness", None),
     ("Home Screen & App Library", None), ("Accessibility", None), ("Wallpaper", None)],
    [("Battery", "{pct}"), ("Privacy & Security", None), ("Passwords", None), ("Wallet & Apple Pay", None)],
    [("Storage", "{gb} GB"), ("Language & Region", "English"), ("Date & Time", None),
     ("Keyboard", "{kb}"), ("VPN", "Not Connected"), ("Software Update", "{ver}")],
]
WIFI = ["HomeNet-5G", "Café Guest", "Office_WLAN", "FRITZ!Box 7530", "Pixel Hotspot", "NETGEAR42"]
ACTIONS = ["Continue", "Get Started", "Add to Cart", "Buy Now", "Save Changes", "Send Money", "Sign In",
           "Create Account", "Book Table", "Confirm Order", "Try It Free", "Join Meeting", "Subscribe",
           "Check Out", "Download", "Follow", "Share Location", "Start Workout", "Upgrade to Pro",
           "Delete Account", "Allow Access", "Pay Now", "Reserve", "Accept Invite", "Request Ride",
           "Apply Filters", "Track Package", "Install", "Renew Plan", "Open Settings"]
SMALL_ACTIONS = ["Follow", "Get", "Open", "Add", "Join", "View", "Edit", "Invite", "Reply", "Accept",
                 "Decline", "Retry", "Update", "Claim", "Redeem", "Play", "Watch", "Details", "Buy"]
TAB_SETS = [["Home", "Search", "Library", "Profile"], ["Chats", "Calls", "Camera", "Settings"],
            ["Today", "Games", "Apps", "Arcade", "Search"], ["Inbox", "Sent", "Drafts", "Archive"],
            ["Feed", "Explore", "Saved", "Account"], ["Listen Now", "Browse", "Radio", "Library"],
            ["Summary", "Sharing", "Browse"], ["Wallet", "Cards", "Payments", "Offers", "More"],
            ["Shop", "Deals", "Orders", "Cart"], ["World Clock", "Alarms", "Stopwatch", "Timer"],
            ["Discover", "Trips", "Wishlist", "Messages", "You"], ["Activity", "Workouts", "Awards"],
            ["Podcasts", "Up Next", "Downloads", "Queue"], ["News", "Sports", "Audio", "Following"],
            ["Tasks", "Calendar", "Notes", "Team"], ["Map", "Nearby", "Favorites", "Recents"]]


class Gen:
    def __init__(self, rng, mode, font, used):
        self.r = rng
        self.mode = mode
        self.font = font
        self.c = PALETTE[mode]
        self.used = used  # shared by all screens of a run, so pool entries are not repeated

    # ---- content helpers -------------------------------------------------------------------
    def pick(self, pool):
        """A pool entry not used yet on this run (falls back to any when the pool is spent)."""
        key = lambda p: tuple(p) if isinstance(p, list) else p
        fresh = [p for p in pool if key(p) not in self.used]
        choice = self.r.choice(fresh or pool)
        self.used.add(key(choice))
        return choice

    def name(self):
        return f"{self.pick(FIRST)} {self.r.choice(LAST)}"

    def email(self, first=None):
        first = (first or self.r.choice(FIRST)).lower().replace("á", "a").replace("é", "e")
        sep = self.r.choice([".", "_", ""])
        return f"{first}{sep}{self.r.choice(LAST).lower().replace(chr(39), '').replace('í', 'i')}@{self.r.choice(DOMAINS)}"

    def time(self):
        return f"{self.r.randint(1, 12)}:{self.r.randint(0, 59):02d} {self.r.choice(['AM', 'PM'])}"

    def date(self):
        return f"{self.r.choice(MONTHS)} {self.r.randint(1, 28)}"

    def price(self, lo=2, hi=400):
        return f"${self.r.randint(lo, hi)}.{self.r.choice(['00', '49', '95', '99', '50', '25'])}"

    def fill(self, template):
        return template.format(n=self.r.randint(100, 9999), c=self.r.choice("ABDLKU"), t=self.time(),
                               co=self.r.choice(COMPANIES), d=self.date(), p=self.price(),
                               f=self.r.choice(FIRST), l=self.r.choice(LAST), city=self.r.choice(CITIES),
                               wifi=self.r.choice(WIFI), pct=f"{self.r.randint(12, 100)}%",
                               gb=f"{self.r.randint(20, 240)}.{self.r.randint(0, 9)}",
                               kb=self.r.choice(["3 Keyboards", "2 Keyboards", "English (US)"]),
                               ver=f"iOS 17.{self.r.randint(1, 6)}.{self.r.randint(1, 3)}")

    # ---- elements --------------------------------------------------------------------------
    @staticmethod
    def t(text, size, color, weight=400, kind="text", extra=""):
        return (f'<span data-kind="{kind}" style="font-size:{size}px;font-weight:{weight};color:{color};'
                f'{extra}">{html.escape(text)}</span>')

    def icon(self, size=22, color=None, shape=None):
        """An icon-like SVG (no text): circles, rounded squares, bars, a house, a bell, a gear."""
        color = color or self.c["blue"]
        shape = shape or self.r.choice(["circle", "square", "bars", "house", "bell", "gear", "star", "heart"])
        s = size
        body = {
            "circle": f'<circle cx="12" cy="12" r="8" fill="none" stroke="{color}" stroke-width="2"/>'
                      f'<circle cx="12" cy="12" r="3" fill="{color}"/>',
            "square": f'<rect x="4" y="4" width="16" height="16" rx="4" fill="none" stroke="{color}" stroke-width="2"/>',
            "bars": f'<rect x="3" y="6" width="18" height="2" fill="{color}"/><rect x="3" y="11" width="18" height="2" fill="{color}"/>'
                    f'<rect x="3" y="16" width="18" height="2" fill="{color}"/>',
            "house": f'<path d="M3 11 L12 3 L21 11 V21 H15 V14 H9 V21 H3 Z" fill="{color}"/>',
            "bell": f'<path d="M6 17 V11 A6 6 0 0 1 18 11 V17 L20 19 H4 Z" fill="{color}"/><circle cx="12" cy="21" r="2" fill="{color}"/>',
            "gear": f'<circle cx="12" cy="12" r="7" fill="none" stroke="{color}" stroke-width="4" stroke-dasharray="3 2"/>',
            "star": f'<path d="M12 2 L15 9 L22 9 L16.5 14 L18.5 21 L12 17 L5.5 21 L7.5 14 L2 9 L9 9 Z" fill="{color}"/>',
            "heart": f'<path d="M12 21 L4 13 A4.5 4.5 0 0 1 12 6 A4.5 4.5 0 0 1 20 13 Z" fill="{color}"/>',
        }[shape]
        return f'<svg width="{s}" height="{s}" viewBox="0 0 24 24" style="flex:none">{body}</svg>'

    def chevron(self):
        return (f'<svg width="9" height="15" viewBox="0 0 9 15" style="flex:none;margin-left:8px"><path d="M1 1 L7 7.5 L1 14" '
                f'fill="none" stroke="{self.c["tertiary"]}" stroke-width="2"/></svg>')

    def app_icon(self, size=29):
        col = self.c[self.r.choice(BUTTON_FILLS + ["orange"])]
        return (f'<div style="width:{size}px;height:{size}px;border-radius:7px;background:{col};display:flex;'
                f'align-items:center;justify-content:center;flex:none;margin-right:14px">'
                f'{self.icon(int(size * 0.65), "#FFFFFF")}</div>')

    def avatar(self, size=44):
        col = self.c[self.r.choice(BUTTON_FILLS + ["orange"])]
        return (f'<div style="width:{size}px;height:{size}px;border-radius:50%;background:{col};flex:none;'
                f'margin-right:12px;opacity:0.85"></div>')

    def status_bar(self):
        time_ = f"{self.r.randint(7, 12)}:{self.r.randint(0, 59):02d}"
        return (f'<div style="height:47px;display:flex;align-items:center;justify-content:space-between;'
                f'padding:0 30px 0 40px;flex:none">{self.t(time_, 17, self.c["label"], 600, "status")}'
                f'<div style="display:flex;gap:6px;align-items:center">{self.icon(17, self.c["label"], "bars")}'
                f'<div style="width:25px;height:12px;border:1.5px solid {self.c["label"]};border-radius:4px;padding:1px">'
                f'<div style="width:{self.r.randint(30, 100)}%;height:100%;background:{self.c["label"]};border-radius:2px"></div>'
                f'</div></div></div>')

    def nav(self, title, large=True, back=None, action=None):
        c = self.c
        left = (f'<div style="display:flex;align-items:center">'
                f'<svg width="12" height="20" viewBox="0 0 12 20" style="margin-right:5px"><path d="M10 2 L2 10 L10 18" '
                f'fill="none" stroke="{c["blue"]}" stroke-width="2.6"/></svg>{self.t(back, 17, c["blue"], 400, "navbutton")}</div>'
                if back else "<div></div>")
        right = self.t(action, 17, c["blue"], 400 if large else 600, "navbutton") if action else "<div></div>"
        bar = (f'<div style="height:44px;display:flex;align-items:center;justify-content:space-between;'
               f'padding:0 16px;position:relative;flex:none">{left}'
               + ("" if large else f'<div style="position:absolute;left:0;right:0;text-align:center;pointer-events:none">'
                  f'{self.t(title, 17, c["label"], 600, "title")}</div>') + f'{right}</div>')
        if large:
            bar += (f'<div style="padding:2px 16px 8px;flex:none">{self.t(title, 34, c["label"], 700, "largetitle")}</div>')
        return bar

    def search(self, placeholder):
        c = self.c
        return (f'<div style="margin:4px 16px 10px;height:36px;border-radius:10px;background:{c["fill"]};display:flex;'
                f'align-items:center;padding:0 8px;flex:none"><svg width="16" height="16" viewBox="0 0 16 16" style="margin-right:6px">'
                f'<circle cx="6.5" cy="6.5" r="5" fill="none" stroke="{c["secondary"]}" stroke-width="2"/>'
                f'<path d="M10.5 10.5 L15 15" stroke="{c["secondary"]}" stroke-width="2"/></svg>'
                f'{self.t(placeholder, 17, c["secondary"], 400, "placeholder")}</div>')

    def header(self, text):
        return (f'<div class="row" style="padding:18px 32px 7px">'
                f'{self.t(text.upper(), 13, self.c["secondary"], 400, "sectionheader")}</div>')

    def footer(self, text):
        return (f'<div class="row" style="padding:7px 32px 0">{self.t(text, 13, self.c["secondary"], 400, "footer")}</div>')

    def group(self, rows):
        return (f'<div class="row" style="margin:0 16px;border-radius:10px;background:{self.c["cell"]};overflow:hidden">'
                + f'<div style="height:0.5px;background:{self.c["sep"]};margin-left:16px"></div>'.join(rows) + '</div>')

    def cell(self, title, value=None, sub=None, lead=None, chevron=True, badge=None, toggle=None, right_small=None,
             title_size=17, height=None):
        c = self.c
        h = height or (44 if not sub else 62)
        mid = self.t(title, title_size, c["label"], 400, "cell")
        if sub:
            mid = (f'<div style="display:flex;flex-direction:column;min-width:0;gap:2px">{mid}'
                   f'{self.t(sub, 15, c["secondary"], 400, "secondary")}</div>')
        right = ""
        if right_small:
            right += self.t(right_small, 15, c["secondary"], 400, "timestamp")
        if value:
            right += self.t(value, 17, c["secondary"], 400, "value")
        if badge:
            right += (f'<div style="background:{c["red"]};border-radius:11px;min-width:22px;height:22px;display:flex;'
                      f'align-items:center;justify-content:center;padding:0 6px;margin-left:8px;box-sizing:border-box">'
                      f'{self.t(badge, 15, "#FFFFFF", 400, "badge")}</div>')
        if toggle is not None:
            on = toggle
            right += (f'<div style="width:51px;height:31px;border-radius:16px;background:{c["green"] if on else c["fill"]};'
                      f'position:relative"><div style="position:absolute;top:2px;{"right" if on else "left"}:2px;width:27px;'
                      f'height:27px;border-radius:50%;background:#FFFFFF;box-shadow:0 1px 3px rgba(0,0,0,.25)"></div></div>')
        if chevron and toggle is None:
            right += self.chevron()
        return (f'<div style="display:flex;align-items:center;min-height:{h}px;padding:0 16px">{lead or ""}'
                f'<div style="flex:1;min-width:0">{mid}</div><div style="display:flex;align-items:center;gap:6px;'
                f'flex:none">{right}</div></div>')

    def button(self, text, fill=None, pill=False, size=17, margin="12px 16px", width=None, height=50):
        fill = fill or self.r.choice(BUTTON_FILLS)
        radius = "999px" if pill else "12px"
        w = f"width:{width}px;" if width else ""
        return (f'<div class="row" style="margin:{margin};display:flex;justify-content:center">'
                f'<div data-btn="1" style="{w}{"flex:1;" if not width else ""}height:{height}px;border-radius:{radius};'
                f'background:{self.c[fill]};display:flex;align-items:center;justify-content:center;padding:0 18px">'
                f'{self.t(text, size, "#FFFFFF", 600, "button")}</div></div>')

    def small_button(self, text, fill=None, pill=True):
        fill = fill or self.r.choice(BUTTON_FILLS)
        return (f'<div data-btn="1" style="height:30px;border-radius:{"15px" if pill else "8px"};background:{self.c[fill]};'
                f'display:flex;align-items:center;padding:0 14px;flex:none">{self.t(text, 15, "#FFFFFF", 600, "button")}</div>')

    def tab_bar(self, labels):
        c = self.c
        sel = self.r.randrange(len(labels))
        items = "".join(
            f'<div style="display:flex;flex-direction:column;align-items:center;gap:2px;flex:1">'
            f'{self.icon(26, c["blue"] if i == sel else c["secondary"])}'
            f'{self.t(l, 10, c["blue"] if i == sel else c["secondary"], 500, "tab")}</div>'
            for i, l in enumerate(labels))
        return (f'<div style="position:absolute;left:0;right:0;bottom:0;height:83px;background:{c["barbg"]};'
                f'border-top:0.5px solid {c["sep"]};display:flex;padding-top:7px;box-sizing:border-box">{items}</div>')

    # ---- page -----------------------------------------------------------------------------
    def page(self, top, body, tabs=None, plain=False):
        c = self.c
        bg = c["plainbg"] if plain else c["bg"]
        bottom = 83 if tabs else 34
        return f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width={WIDTH}">
<style>
html,body{{margin:0;padding:0;width:{WIDTH}px;height:{HEIGHT}px;overflow:hidden;background:{bg};
  font-family:'{self.font}';-webkit-font-smoothing:antialiased}}
span{{white-space:nowrap}}
#screen{{position:relative;width:{WIDTH}px;height:{HEIGHT}px;display:flex;flex-direction:column}}
#content{{position:relative;flex:1;overflow:hidden;margin-bottom:{bottom}px}}
</style></head><body><div id="screen">{self.status_bar()}{top}
<div id="content">{body}</div>{self.tab_bar(tabs) if tabs else ''}</div></body></html>"""


# ---------------------------------------------------------------------------------------------
# Screen templates. Each returns an HTML page; all randomness comes from g.r.

def settings_screen(g):
    top = g.nav("Settings", large=True) + g.search(g.r.choice(["Search", "Search settings"]))
    me = g.name()
    body = g.group([g.cell(me, sub=g.r.choice(["Apple ID, iCloud, Media & Purchases", g.email(me.split()[0])]),
                           lead=g.avatar(56), height=76)])
    groups = g.r.sample(SETTINGS_GROUPS, 3)
    for grp in groups:
        rows = []
        for title, value in g.r.sample(grp, min(len(grp), g.r.randint(3, 4))):
            badge = str(g.r.randint(1, 9)) if g.r.random() < 0.15 else None
            toggle = (g.r.random() < 0.5) if title == "Airplane Mode" else None
            rows.append(g.cell(title, value=g.fill(value) if value else None, lead=g.app_icon(), badge=badge,
                               toggle=toggle))
        body += '<div style="height:35px" class="row"></div>' + g.group(rows)
    return g.page(top, body, plain=False)


def messages_screen(g):
    title = g.r.choice(["Messages", "Chats", "Inbox"])
    top = g.nav(title, large=True, back=None, action=g.r.choice(["Edit", "Select", "Filter"]))
    top += g.search(g.r.choice(["Search", "Search messages", "Search or start new chat"]))
    body = ""
    for i in range(9):
        who = g.name() if g.r.random() < 0.8 else g.r.choice(COMPANIES)
        stamp = g.r.choice([g.time(), "Yesterday", g.r.choice(DAYS), f"{g.r.randint(1, 12)}/{g.r.randint(1, 28)}/24"])
        prev = g.fill(g.pick(PREVIEWS))
        badge = str(g.r.randint(1, 12)) if g.r.random() < 0.25 else None
        body += (f'<div class="row" style="display:flex;align-items:center;padding:10px 16px;border-bottom:0.5px solid {g.c["sep"]}">'
                 f'{g.avatar(48)}<div style="flex:1;min-width:0;display:flex;flex-direction:column;gap:3px">'
                 f'<div style="display:flex;justify-content:space-between;align-items:baseline">'
                 f'{Gen.t(who, 17, g.c["label"], 600, "cell")}{Gen.t(stamp, 15, g.c["secondary"], 400, "timestamp")}</div>'
                 f'<div style="display:flex;justify-content:space-between;align-items:center">'
                 f'{Gen.t(prev, 15, g.c["secondary"], 400, "secondary")}'
                 + (f'<div style="background:{g.c["blue"]};border-radius:10px;min-width:20px;height:20px;display:flex;align-items:center;'
                    f'justify-content:center;padding:0 5px;box-sizing:border-box">{Gen.t(badge, 13, "#FFFFFF", 600, "badge")}</div>'
                    if badge else "") + '</div></div></div>')
    return g.page(top, body, tabs=g.pick(TAB_SETS), plain=True)


def mail_screen(g):
    top = g.nav(g.r.choice(["Inbox", "All Inboxes", "Primary"]), large=True, back="Mailboxes", action="Edit")
    body = ""
    for i in range(7):
        sender = g.r.choice([g.name(), g.r.choice(COMPANIES)])
        subj = g.fill(g.pick(SUBJECTS))
        prev = g.fill(g.pick(PREVIEWS))
        stamp = g.r.choice([g.time(), "Yesterday", g.date()])
        dot = (f'<div style="width:10px;height:10px;border-radius:50%;background:{g.c["blue"]};margin:6px 8px 0 -2px;flex:none"></div>'
               if g.r.random() < 0.4 else '<div style="width:18px;flex:none"></div>')
        body += (f'<div class="row" style="display:flex;padding:10px 16px 10px 8px;border-bottom:0.5px solid {g.c["sep"]}">{dot}'
                 f'<div style="flex:1;min-width:0;display:flex;flex-direction:column;gap:2px">'
                 f'<div style="display:flex;justify-content:space-between;align-items:baseline">'
                 f'{Gen.t(sender, 17, g.c["label"], 600, "cell")}{Gen.t(stamp, 15, g.c["secondary"], 400, "timestamp")}</div>'
                 f'{Gen.t(subj, 15, g.c["label"], 400, "cell")}{Gen.t(prev, 15, g.c["secondary"], 400, "secondary")}</div></div>')
    foot = (f'<div class="row" style="text-align:center;padding:10px">'
            f'{Gen.t("Updated " + g.r.choice(["Just Now", "1 minute ago", g.time()]), 12, g.c["secondary"], 400, "caption")}</div>')
    return g.page(top, body + foot, plain=True)


def product_screen(g):
    prod = g.pick(PRODUCTS)
    top = g.nav(g.r.choice(["Details", "Product", prod.split()[0]]), large=False, back=g.r.choice(["Shop", "Back", "Search"]),
                action=g.r.choice(["Share", "Save"]))
    c = g.c
    img = (f'<div class="row" style="margin:8px 16px;height:220px;border-radius:14px;background:linear-gradient(135deg,'
           f'{c[g.r.choice(BUTTON_FILLS)]},{c["fill"]})"></div>')
    price = g.price(15, 350)
    old = g.price(400, 600)
    body = img + (f'<div class="row" style="padding:8px 16px 0">{Gen.t(prod, 28, c["label"], 700, "title")}</div>'
                  f'<div class="row" style="padding:4px 16px;display:flex;gap:10px;align-items:baseline">'
                  f'{Gen.t(price, 22, c["label"], 600, "price")}'
                  f'{Gen.t(old, 15, c["secondary"], 400, "price", "text-decoration:line-through")}'
                  f'{Gen.t(str(g.r.randint(10, 45)) + "% off", 15, c["red"], 600, "price")}</div>'
                  f'<div class="row" style="padding:4px 16px;display:flex;gap:6px;align-items:center">'
                  f'{g.icon(16, c["orange"], "star")}{Gen.t(f"{g.r.randint(35, 49) / 10:.1f} ({g.r.randint(12, 4800):,} ratings)", 15, c["secondary"], 400, "secondary")}</div>'
                  f'<div class="row" style="padding:10px 16px 4px">{Gen.t("Size", 13, c["secondary"], 400, "sectionheader")}</div>'
                  f'<div class="row" style="padding:0 16px;display:flex;gap:8px">'
                  + "".join(f'<div style="border:1px solid {c["sep"]};border-radius:8px;padding:6px 12px">'
                            f'{Gen.t(s, 15, c["label"], 500, "chip")}</div>' for s in g.r.sample(["XS", "S", "M", "L", "XL", "38", "40", "42", "44"], 5))
                  + '</div>'
                  f'<div class="row" style="padding:10px 16px 0">{Gen.t(g.r.choice(["Free delivery by ", "Arrives "]) + g.r.choice(DAYS) + ", " + g.date(), 15, c["green"], 500, "secondary")}</div>'
                  f'<div class="row" style="padding:4px 16px 0">{Gen.t("Sold by " + g.r.choice(COMPANIES), 13, c["secondary"], 400, "footer")}</div>')
    body += g.button(g.pick(ACTIONS[:5] + ["Add to Bag", "Buy with Pay"]), fill=g.r.choice(["blue", "green", "indigo"]),
                     pill=g.r.random() < 0.5, margin="16px 16px 8px")
    return g.page(top, body, tabs=g.pick(TAB_SETS), plain=True)


def login_screen(g):
    c = g.c
    co = g.pick(COMPANIES)
    top = g.nav("", large=False, back=None, action=g.r.choice(["Help", "Cancel", "Skip"]))
    field = lambda ph: (f'<div class="row" style="margin:6px 24px;height:50px;border-radius:12px;background:{c["fill"]};'
                        f'display:flex;align-items:center;padding:0 16px">{Gen.t(ph, 17, c["secondary"], 400, "placeholder")}</div>')
    body = (f'<div class="row" style="display:flex;justify-content:center;padding:20px 0 10px">{g.app_icon(72)}</div>'
            f'<div class="row" style="text-align:center;padding:4px 24px">{Gen.t("Welcome to " + co, 28, c["label"], 700, "title")}</div>'
            f'<div class="row" style="text-align:center;padding:4px 24px 18px">'
            f'{Gen.t(g.r.choice(["Sign in to continue", "Log in with your account", "Enter your details below"]), 17, c["secondary"], 400, "secondary")}</div>'
            + field(g.r.choice(["Email or phone", "Email address", "Username"]))
            + field(g.r.choice(["Password", "Enter password"]))
            + f'<div class="row" style="text-align:right;padding:6px 28px">{Gen.t(g.r.choice(["Forgot password?", "Need help signing in?"]), 15, c["blue"], 500, "link")}</div>'
            + g.button(g.r.choice(["Sign In", "Log In", "Continue"]), fill=g.r.choice(["blue", "indigo", "purple"]),
                       margin="16px 24px 8px")
            + f'<div class="row" style="text-align:center;padding:10px">{Gen.t("or", 15, c["secondary"], 400, "secondary")}</div>'
            + g.button(g.r.choice(["Create Account", "Sign Up with Email", "Join for Free"]), fill=g.r.choice(["green", "teal"]),
                       pill=True, margin="4px 24px")
            + f'<div class="row" style="text-align:center;padding:24px 24px 0">'
              f'{Gen.t("By continuing you agree to our Terms of Use.", 12, c["secondary"], 400, "caption")}</div>')
    return g.page(top, body, plain=True)


def music_screen(g):
    c = g.c
    top = g.nav(g.r.choice(["Library", "Songs", "Recently Added"]), large=True, back=g.r.choice([None, "Library"]),
                action=g.r.choice(["Sort", "Edit"]))
    body = (f'<div class="row" style="display:flex;gap:12px;padding:4px 16px 10px">'
            + g.small_button(g.r.choice(["Play", "Play All"]), fill="red", pill=False).replace("flex:none", "flex:1;justify-content:center")
            + g.small_button("Shuffle", fill=g.r.choice(["purple", "pink"]), pill=False).replace("flex:none", "flex:1;justify-content:center")
            + '</div>')
    for i in range(9):
        song = f"{g.r.choice(SONG_A)} {g.r.choice(SONG_B)}"
        if g.r.random() < 0.3:
            song += g.r.choice([" (Live)", " - Remastered", " (feat. " + g.r.choice(FIRST) + ")"])
        artist = g.r.choice([g.name(), "The " + g.r.choice(SONG_B)])
        dur = f"{g.r.randint(2, 6)}:{g.r.randint(0, 59):02d}"
        body += (f'<div class="row" style="display:flex;align-items:center;padding:7px 16px">'
                 f'<div style="width:48px;height:48px;border-radius:6px;background:{c[g.r.choice(BUTTON_FILLS)]};flex:none;margin-right:12px"></div>'
                 f'<div style="flex:1;min-width:0;display:flex;flex-direction:column;gap:2px;border-bottom:0.5px solid {c["sep"]};padding-bottom:8px">'
                 f'<div style="display:flex;justify-content:space-between">{Gen.t(song, 17, c["label"], 400, "cell")}'
                 f'{Gen.t(dur, 13, c["secondary"], 400, "timestamp")}</div>'
                 f'{Gen.t(artist + " · " + str(g.r.randint(1975, 2024)), 13, c["secondary"], 400, "secondary")}</div></div>')
    return g.page(top, body, tabs=g.pick(TAB_SETS), plain=True)


def calendar_screen(g):
    c = g.c
    month = g.r.choice(MONTHS)
    top = g.nav(f"{month} {g.r.randint(2024, 2026)}", large=True, back=None, action="Today")
    start = g.r.randrange(7)
    days = "".join(
        f'<div style="flex:1;display:flex;flex-direction:column;align-items:center;gap:4px">'
        f'{Gen.t(DAYS3[(start + i) % 7][0], 11, c["secondary"], 500, "caption")}'
        + (f'<div style="width:34px;height:34px;border-radius:50%;background:{c["red"]};display:flex;align-items:center;justify-content:center">'
           f'{Gen.t(str(10 + i), 20, "#FFFFFF", 600, "badge")}</div>' if i == 3 else
           f'<div style="width:34px;height:34px;display:flex;align-items:center;justify-content:center">'
           f'{Gen.t(str(10 + i), 20, c["label"], 400, "cell")}</div>') + '</div>' for i in range(7))
    body = f'<div class="row" style="display:flex;padding:0 8px 10px;border-bottom:0.5px solid {c["sep"]}">{days}</div>'
    body += (f'<div class="row" style="padding:12px 16px 4px">'
             f'{Gen.t(DAYS[(start + 3) % 7] + ", " + month + " 13", 15, c["secondary"], 600, "sectionheader")}</div>')
    hour = g.r.randint(7, 9)
    for i in range(7):
        ev = g.fill(g.pick(EVENTS))
        col = c[g.r.choice(BUTTON_FILLS + ["orange"])]
        h = hour + i
        t1 = f"{(h - 1) % 12 + 1}:{g.r.choice(['00', '15', '30', '45'])} {'AM' if h < 12 else 'PM'}"
        loc = g.r.choice(["Room " + str(g.r.randint(100, 520)), g.r.choice(CITIES), "Zoom", g.r.choice(COMPANIES),
                          f"{g.r.randint(1, 999)} {g.r.choice(SONG_B)} St"])
        body += (f'<div class="row" style="display:flex;padding:8px 16px;gap:12px">'
                 f'<div style="width:70px;flex:none;text-align:right">{Gen.t(t1, 13, c["secondary"], 400, "timestamp")}</div>'
                 f'<div style="flex:1;min-width:0;border-left:4px solid {col};padding:4px 10px;border-radius:4px;'
                 f'background:{c["fill"]};display:flex;flex-direction:column;gap:2px">'
                 f'{Gen.t(ev, 15, c["label"], 600, "cell")}{Gen.t(loc, 13, c["secondary"], 400, "secondary")}</div></div>')
    return g.page(top, body, tabs=g.pick(TAB_SETS), plain=True)


def checkout_screen(g):
    c = g.c
    top = g.nav(g.r.choice(["Checkout", "Order Summary", "Your Bag"]), large=False, back=g.r.choice(["Cart", "Back"]))
    items = []
    total = 0.0
    for i in range(3):
        p = g.pick(PRODUCTS)
        price = g.r.randint(5, 120) + g.r.choice([0.0, 0.49, 0.99, 0.5])
        q = g.r.randint(1, 3)
        total += price * q
        items.append(g.cell(p, value=f"${price * q:,.2f}", sub=f"Qty {q} · ${price:,.2f} each", chevron=False,
                            lead=f'<div style="width:44px;height:44px;border-radius:8px;background:{c["fill"]};margin-right:12px;flex:none"></div>'))
    ship = g.r.choice([0.0, 4.99, 7.5])
    tax = round(total * 0.0825, 2)
    body = g.header("Items") + g.group(items)
    body += g.header(g.r.choice(["Ship to", "Delivery address"]))
    body += g.group([g.cell(g.name(), sub=f"{g.r.randint(1, 999)} {g.r.choice(SONG_B)} Ave, {g.r.choice(CITIES)}")])
    summ = [g.cell("Subtotal", value=f"${total:,.2f}", chevron=False),
            g.cell("Shipping", value="Free" if ship == 0 else f"${ship:.2f}", chevron=False),
            g.cell("Estimated tax", value=f"${tax:,.2f}", chevron=False),
            g.cell("Total", value=f"${total + ship + tax:,.2f}", chevron=False)]
    body += g.header("Summary") + g.group(summ)
    body += g.button(f"Pay ${total + ship + tax:,.2f}", fill=g.r.choice(["blue", "green"]), pill=g.r.random() < 0.5,
                     margin="18px 16px 6px")
    return g.page(top, body)


def profile_screen(g):
    c = g.c
    first = g.pick(FIRST)
    full = f"{first} {g.r.choice(LAST)}"
    top = g.nav("", large=False, back=g.r.choice(["Contacts", "Lists", "Back"]), action="Edit")
    body = (f'<div class="row" style="display:flex;flex-direction:column;align-items:center;padding:4px 0 12px">'
            f'<div style="width:96px;height:96px;border-radius:50%;background:{c["tertiary"]}"></div>'
            f'<div style="padding-top:10px">{Gen.t(full, 28, c["label"], 600, "title")}</div>'
            f'{Gen.t(g.r.choice(["Product Designer", "Nurse", "Software Engineer", "Teacher", "Photographer"]) + " at " + g.r.choice(COMPANIES), 15, c["secondary"], 400, "secondary")}</div>')
    acts = g.r.sample(["Message", "Call", "Video", "Mail", "Pay"], 3)
    body += (f'<div class="row" style="display:flex;gap:8px;padding:0 16px 12px">'
             + "".join(f'<div data-btn="1" style="flex:1;height:56px;border-radius:12px;background:{c[g.r.choice(BUTTON_FILLS)]};'
                       f'display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px">'
                       f'{g.icon(18, "#FFFFFF")}{Gen.t(a, 12, "#FFFFFF", 500, "button")}</div>' for a in acts) + '</div>')
    phone = f"+1 ({g.r.randint(200, 989)}) 555-{g.r.randint(1000, 9999)}"
    rows = [g.cell(phone, chevron=False),
            g.cell(g.email(first), chevron=False),
            g.cell(f"{g.r.choice(MONTHS)} {g.r.randint(1, 28)}, {g.r.randint(1960, 2004)}", chevron=False)]
    labels = ["mobile", "home", "birthday"]
    rows = [r.replace('<div style="flex:1;min-width:0">', f'<div style="flex:1;min-width:0">{Gen.t(l, 13, c["secondary"], 400, "caption")}<br>', 1)
            for r, l in zip(rows, labels)]
    body += g.group(rows)
    body += g.header("Notes") + g.group([g.cell(g.fill(g.pick(PREVIEWS)), chevron=False, title_size=15)])
    body += g.button(g.r.choice(["Share Contact", "Add to Favorites", "Send Message"]), fill=g.r.choice(BUTTON_FILLS),
                     pill=True, size=15, height=40, margin="16px 60px 4px")
    body += g.button("Block this Caller", fill="red", pill=False, size=17, margin="8px 16px")
    return g.page(top, body)


def notifications_screen(g):
    c = g.c
    top = g.nav(g.r.choice(["Activity", "Notifications"]), large=True, action=g.r.choice(["Mark All Read", "Clear"]))
    seg = g.r.sample(["All", "Mentions", "Following", "Unread", "Likes"], 3)
    body = (f'<div class="row" style="margin:0 16px 10px;height:32px;border-radius:9px;background:{c["fill"]};display:flex;padding:2px;box-sizing:border-box">'
            + "".join(f'<div style="flex:1;border-radius:7px;display:flex;align-items:center;justify-content:center;'
                      f'{"background:" + c["cell"] if i == 0 else ""}">{Gen.t(s, 13, c["label"], 600 if i == 0 else 400, "segment")}</div>'
                      for i, s in enumerate(seg)) + '</div>')
    verbs = ["liked your photo", "started following you", "commented: Nice!", "mentioned you", "shared your post",
             "replied to your story", "sent you {p}", "invited you to {co}", "accepted your request"]
    for i in range(8):
        who = g.name()
        verb = g.fill(g.r.choice(verbs))
        ago = g.r.choice([f"{g.r.randint(1, 59)}m", f"{g.r.randint(1, 23)}h", f"{g.r.randint(1, 6)}d", f"{g.r.randint(2, 9)}w"])
        btn = g.small_button(g.pick(SMALL_ACTIONS)) if g.r.random() < 0.5 else \
            f'<div style="width:44px;height:44px;border-radius:6px;background:{c[g.r.choice(BUTTON_FILLS)]};opacity:.6;flex:none"></div>'
        body += (f'<div class="row" style="display:flex;align-items:center;padding:8px 16px;gap:0">{g.avatar(44)}'
                 f'<div style="flex:1;min-width:0;display:flex;flex-direction:column;gap:1px">'
                 f'{Gen.t(who, 15, c["label"], 600, "cell")}'
                 f'<div style="display:flex;gap:6px">{Gen.t(verb, 15, c["label"], 400, "cell")}'
                 f'{Gen.t(ago, 15, c["secondary"], 400, "timestamp")}</div></div>{btn}</div>')
    return g.page(top, body, tabs=g.pick(TAB_SETS), plain=True)


def bank_screen(g):
    c = g.c
    top = g.nav(g.r.choice(["Accounts", "Wallet", "Overview"]), large=True, action=g.r.choice(["Add", "Edit"]))
    bal = f"${g.r.randint(100, 48000):,}.{g.r.randint(0, 99):02d}"
    card = (f'<div class="row" style="margin:4px 16px 12px;border-radius:16px;padding:18px;background:{c[g.r.choice(["indigo", "blue", "purple", "teal"])]};'
            f'display:flex;flex-direction:column;gap:6px">'
            f'{Gen.t(g.r.choice(["Checking", "Everyday Account", "Main Account"]) + " ••" + str(g.r.randint(1000, 9999)), 15, "#FFFFFF", 500, "cardtext")}'
            f'{Gen.t(bal, 34, "#FFFFFF", 700, "cardtext")}'
            f'{Gen.t("Available balance", 13, "#FFFFFF", 400, "cardtext")}</div>')
    acts = (f'<div class="row" style="display:flex;gap:10px;padding:0 16px 8px">'
            + "".join(g.small_button(a, fill=f, pill=True).replace("flex:none", "flex:1;justify-content:center")
                      for a, f in zip(g.r.sample(["Send", "Request", "Transfer", "Top Up", "Pay Bills"], 3), g.r.sample(BUTTON_FILLS, 3)))
            + '</div>')
    rows = []
    for i in range(6):
        payee = g.r.choice(COMPANIES + [g.name()])
        amt = g.r.randint(3, 900) + g.r.randint(0, 99) / 100
        neg = g.r.random() < 0.7
        rows.append(g.cell(payee, sub=f"{g.date()} · {g.r.choice(['Card', 'Transfer', 'Direct Debit', 'Apple Pay'])}",
                           value=("-" if neg else "+") + f"${amt:,.2f}", chevron=False,
                           lead=g.app_icon(36)))
    body = card + acts + g.header(g.r.choice(["Recent transactions", "This week", "Pending"])) + g.group(rows)
    return g.page(top, body, tabs=g.pick(TAB_SETS))


def fitness_screen(g):
    c = g.c
    top = g.nav(g.r.choice(["Summary", "Today", "Health"]), large=True, action=None)
    date_line = f'{g.r.choice(DAYS).upper()}, {g.r.choice(MONTHS).upper()} {g.r.randint(1, 28)}'
    body = f'<div class="row" style="padding:0 16px 6px">{Gen.t(date_line, 13, c["secondary"], 600, "sectionheader")}</div>'
    stats = [("Move", f"{g.r.randint(120, 900)}/{g.r.choice([400, 500, 600])} CAL", "red"),
             ("Exercise", f"{g.r.randint(5, 90)}/30 MIN", "green"),
             ("Stand", f"{g.r.randint(2, 12)}/12 HRS", "teal"),
             ("Steps", f"{g.r.randint(1500, 18000):,}", "orange"),
             ("Distance", f"{g.r.randint(1, 14)}.{g.r.randint(0, 9)} km", "blue"),
             ("Flights Climbed", f"{g.r.randint(1, 30)} floors", "purple")]
    for label, val, col in g.r.sample(stats, 5):
        body += (f'<div class="row" style="margin:0 16px 8px;border-radius:12px;background:{c["cell"]};padding:12px 14px;'
                 f'display:flex;flex-direction:column;gap:4px">'
                 f'<div style="display:flex;justify-content:space-between">{Gen.t(label, 17, c[col], 600, "cell")}'
                 f'{Gen.t(g.time(), 13, c["secondary"], 400, "timestamp")}</div>'
                 f'{Gen.t(val, g.r.choice([22, 28]), c["label"], 600, "value")}</div>')
    body += g.button(g.r.choice(["Start Workout", "Log Activity", "Share Summary"]), fill="green", pill=True,
                     margin="8px 16px")
    return g.page(top, body, tabs=g.pick(TAB_SETS), plain=False)


def weather_screen(g):
    c = g.c
    city = g.pick(CITIES)
    temp = g.r.randint(-8, 34)
    top = ""
    body = (f'<div class="row" style="display:flex;flex-direction:column;align-items:center;padding:20px 0 16px">'
            f'{Gen.t(g.r.choice(["MY LOCATION", "HOME", "WORK"]), 13, c["secondary"], 600, "sectionheader")}'
            f'{Gen.t(city, 34, c["label"], 400, "title")}'
            f'{Gen.t(f"{temp}°", 34, c["label"], 300, "value")}'
            f'{Gen.t(g.r.choice(["Mostly Sunny", "Partly Cloudy", "Light Rain", "Snow Showers", "Clear"]), 20, c["label"], 500, "cell")}'
            f'{Gen.t(f"H:{temp + g.r.randint(2, 8)}°  L:{temp - g.r.randint(2, 9)}°", 17, c["label"], 500, "cell")}</div>')
    base = g.r.randint(6, 18)
    hour_label = lambda i: f"{(base + i - 1) % 12 + 1}{'AM' if (base + i) % 24 < 12 else 'PM'}"
    hours = "".join(
        f'<div style="flex:1;display:flex;flex-direction:column;align-items:center;gap:6px">'
        f'{Gen.t("Now" if i == 0 else hour_label(i), 13, c["label"], 600, "caption")}'
        f'{g.icon(22, c["orange"] if i % 2 else c["blue"], "circle")}'
        f'{Gen.t(f"{temp + g.r.randint(-3, 3)}°", 17, c["label"], 500, "value")}</div>' for i in range(6))
    body += (f'<div class="row" style="margin:0 16px 12px;border-radius:14px;background:{c["cell"]};padding:10px 6px">'
             f'<div style="padding:0 8px 8px">{Gen.t(g.r.choice(["Cloudy conditions from 2 PM.", "Wind gusts up to 40 km/h.", "Rain expected around 5 PM."]), 13, c["secondary"], 400, "footer")}</div>'
             f'<div style="display:flex">{hours}</div></div>')
    rows = []
    for i in range(4):
        lo = temp - g.r.randint(2, 8)
        rows.append(f'<div style="display:flex;align-items:center;padding:10px 16px;gap:12px">'
                    f'<div style="width:54px">{Gen.t("Today" if i == 0 else DAYS3[i], 17, c["label"], 500, "cell")}</div>'
                    f'{g.icon(22, c["orange"], "circle")}<div style="flex:1"></div>'
                    f'{Gen.t(f"{lo}°", 17, c["secondary"], 500, "value")}'
                    f'<div style="width:90px;height:4px;border-radius:2px;background:linear-gradient(90deg,{c["teal"]},{c["orange"]})"></div>'
                    f'{Gen.t(f"{lo + g.r.randint(4, 12)}°", 17, c["label"], 500, "value")}</div>')
    body += (f'<div class="row" style="margin:0 16px;border-radius:14px;background:{c["cell"]};padding:4px 0">'
             f'<div style="padding:6px 16px">{Gen.t("10-DAY FORECAST", 12, c["secondary"], 600, "sectionheader")}</div>'
             + "".join(rows) + '</div>')
    return g.page(top, body, plain=False)


def dialog_screen(g):
    """A permission / confirmation alert over a dimmed list, with stacked coloured buttons."""
    c = g.c
    top = g.nav(g.r.choice(["Photos", "Files", "Shared"]), large=True, action="Select")
    body = ""
    for i in range(6):
        body += g.cell(g.fill(g.r.choice(["IMG_{n}.HEIC", "Scan {d}.pdf", "Budget {n}.xlsx", "Notes - {d}"])),
                       sub=f"{g.date()} at {g.time()} · {g.r.randint(1, 900)} KB", lead=g.app_icon(40))
    app = g.r.choice(COMPANIES)
    alert = (f'<div style="position:absolute;inset:0;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center">'
             f'<div id="alert" style="width:300px;border-radius:16px;background:{c["cell"]};padding:20px 16px 14px;display:flex;flex-direction:column;gap:6px;align-items:center">'
             f'{Gen.t(g.r.choice(["Allow notifications?", "Delete 3 items?", "Turn on Location?", "Update available"]), 17, c["label"], 600, "title")}'
             f'{Gen.t(f"{app} would like to send you alerts.", 13, c["label"], 400, "body")}'
             f'{Gen.t("You can change this in Settings.", 13, c["label"], 400, "body")}'
             + g.button(g.r.choice(["Allow", "Turn On", "Update Now", "Yes, Continue"]), fill="blue", margin="10px 0 0", height=44, width=268)
             + g.button(g.r.choice(["Delete", "Remove", "Don't Allow"]), fill="red", margin="4px 0 0", height=44, width=268)
             + f'<div style="padding-top:8px">{Gen.t(g.r.choice(["Not Now", "Cancel", "Later"]), 17, c["blue"], 600, "link")}</div>'
             + '</div></div>')
    html_ = g.page(top, body, tabs=g.pick(TAB_SETS), plain=True)
    return html_.replace('</div></body>', alert + '</div></body>')


TEMPLATES = [settings_screen, messages_screen, mail_screen, product_screen, login_screen, music_screen,
             calendar_screen, checkout_screen, profile_screen, notifications_screen, bank_screen,
             fitness_screen, weather_screen, dialog_screen]

# ---------------------------------------------------------------------------------------------
# DevTools protocol

PRUNE_AND_READ = r"""
(() => {
  // Drop content rows that do not fit above the tab bar (no half-visible lines in the truth).
  const content = document.getElementById('content');
  const bottom = content.getBoundingClientRect().bottom;
  let cut = false;
  for (const row of [...content.children]) {
    if (cut || row.getBoundingClientRect().bottom > bottom - 2) { cut = true; row.remove(); }
  }
  // Text of the dimmed page that an alert covers is hidden, not half-drawn.
  const alertBox = document.getElementById('alert');
  if (alertBox) {
    const a = alertBox.getBoundingClientRect();
    for (const el of document.querySelectorAll('#content span')) {
      const r = el.getBoundingClientRect();
      if (r.left < a.right + 4 && a.left - 4 < r.right && r.top < a.bottom + 4 && a.top - 4 < r.bottom)
        el.style.visibility = 'hidden';
    }
  }
  const lines = [], problems = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const text = n.textContent.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const el = n.parentElement;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    if (rects.length !== 1) { problems.push('wrapped: ' + text); continue; }
    const r = rects[0];
    if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
      problems.push('outside: ' + text); continue;
    }
    lines.push({text, x: r.left, y: r.top, w: r.width, h: r.height,
                size: parseFloat(cs.fontSize), weight: parseInt(cs.fontWeight),
                color: cs.color, kind: (el.closest('[data-kind]') || el).dataset.kind || 'text',
                onColouredButton: !!el.closest('[data-btn]')});
  }
  // Text that collides with other text would make the truth ambiguous.
  for (let i = 0; i < lines.length; i++) for (let j = i + 1; j < lines.length; j++) {
    const a = lines[i], b = lines[j];
    if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1)
      problems.push('overlap: ' + a.text + ' / ' + b.text);
  }
  return JSON.stringify({lines, problems});
})()
"""


class Chrome:
    def __init__(self, binary):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        self.profile = tempfile.mkdtemp(prefix="checkset-chrome-")
        self.proc = subprocess.Popen(
            [binary, "--headless=new", f"--remote-debugging-port={self.port}", f"--user-data-dir={self.profile}",
             "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--font-render-hinting=none",
             "--force-color-profile=srgb", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=1))
                page = next(t for t in targets if t["type"] == "page")
                break
            except Exception:
                time.sleep(0.2)
        else:
            raise SystemExit("Chromium did not start")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.call("Page.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=SCALE,
                  mobile=True)

    def call(self, method, wait_event=None, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        result, event_seen = None, wait_event is None
        while result is None or not event_seen:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == my_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                result = msg["result"]
            elif wait_event and msg.get("method") == wait_event:
                event_seen = True
        return result

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(json.dumps(r["exceptionDetails"])[:800])
        return r["result"].get("value")

    def close(self):
        try:
            self.ws.close()
        finally:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            shutil.rmtree(self.profile, ignore_errors=True)


def png_size(data):
    w, h = struct.unpack(">II", data[16:24])
    return w, h


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=HERE)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--count", type=int, default=16)
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    ap.add_argument("--keep-html", action="store_true", help="also write screen-NN.html")
    ap.add_argument("--fonts", default=",".join(FONTS),
                    help="comma-separated font families to cycle (default: the committed set's); "
                         "e.g. the held-out-fonts set in README.md")
    args = ap.parse_args()
    fonts = [f.strip() for f in args.fonts.split(",") if f.strip()]
    if not fonts:
        ap.error("--fonts names no font")
    if shutil.which("fc-list"):
        installed = set()
        for row in subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout.splitlines():
            installed.update(name.replace("\\-", "-") for name in row.split(","))
        missing = [f for f in fonts if f not in installed]
        if missing:
            ap.error(f"fonts not installed (fc-list): {', '.join(missing)}")

    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    # Templates: every one at least once, then random ones; fonts cycle; light and dark alternate
    # (half each), shifted so each template is not tied to one mode.
    order = TEMPLATES[:] + [rng.choice(TEMPLATES) for _ in range(max(0, args.count - len(TEMPLATES)))]
    order = order[:args.count]
    rng.shuffle(order)
    chrome = Chrome(args.chromium)
    screens, used = [], set()
    tmp = tempfile.mkdtemp(prefix="checkset-html-")
    try:
        for i, template in enumerate(order):
            mode = "light" if i % 2 == 0 else "dark"
            font = fonts[i % len(fonts)]
            g = Gen(random.Random(rng.getrandbits(64)), mode, font, used)
            page = template(g)
            name = f"screen-{i + 1:02d}"
            path = os.path.join(tmp, name + ".html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
            if args.keep_html:
                shutil.copy(path, os.path.join(args.out, name + ".html"))
            chrome.call("Page.navigate", wait_event="Page.loadEventFired", url="file://" + path)
            chrome.evaluate("document.fonts.ready.then(() => true)")
            ok = chrome.evaluate(f"document.fonts.check('17px \"{font}\"')")
            info = json.loads(chrome.evaluate(PRUNE_AND_READ))
            for p in info["problems"]:
                print(f"  {name} ({template.__name__}): {p}")
            shot = base64.b64decode(chrome.call("Page.captureScreenshot", format="png", captureBeyondViewport=False)["data"])
            assert png_size(shot) == (WIDTH * SCALE, HEIGHT * SCALE), png_size(shot)
            with open(os.path.join(args.out, name + ".png"), "wb") as f:
                f.write(shot)
            lines = [{"text": l["text"],
                      "box": [round(l["x"] * SCALE, 1), round(l["y"] * SCALE, 1), round(l["w"] * SCALE, 1), round(l["h"] * SCALE, 1)],
                      "onColouredButton": l["onColouredButton"],
                      "sizePt": l["size"], "weight": l["weight"], "kind": l["kind"], "color": l["color"]}
                     for l in info["lines"]]
            screens.append({"image": name + ".png", "template": template.__name__.replace("_screen", ""),
                            "mode": mode, "font": font, "fontAvailable": bool(ok), "lines": lines})
            print(f"{name}: {template.__name__:22s} {mode:5s} {font:16s} {len(lines):3d} lines "
                  f"{sum(l['onColouredButton'] for l in lines)} button lines  {len(shot) // 1024} KB")
    finally:
        chrome.close()
        shutil.rmtree(tmp, ignore_errors=True)
    truth = {"generator": "make_checkset.py", "seed": args.seed, "viewport": [WIDTH, HEIGHT], "scale": SCALE,
             "screens": screens}
    with open(os.path.join(args.out, "truth.json"), "w", encoding="utf-8") as f:
        json.dump(truth, f, indent=1, ensure_ascii=False)
    nl = sum(len(s["lines"]) for s in screens)
    nw = sum(len(l["text"].split()) for s in screens for l in s["lines"])
    nb = sum(l["onColouredButton"] for s in screens for l in s["lines"])
    print(f"{len(screens)} screens, {nl} lines, {nw} words, {nb} button lines")


if __name__ == "__main__":
    main()
