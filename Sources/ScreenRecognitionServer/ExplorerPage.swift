/// The web explorer served at `GET /`: one self-contained page (inline CSS and JavaScript, nothing
/// fetched from elsewhere, so it works offline).
///
/// Pick or drop a screenshot; the page posts it to `/v1/analyze` and shows the element boxes with
/// their navigation order over the picture, the JSON and the transcript side by side. Focus the
/// screen and move as a VoiceOver user swipes: → / ← next / previous, Home / End first / last,
/// Enter or Space activates (shows the tap point). Each announcement is spoken with the browser's
/// speech synthesis (when on) and written to a live region. "Screen curtain" hides the picture.
/// The page is itself accessible: landmarks, labelled controls, keyboard only, visible focus.
public enum ExplorerPage {
    public static let html: String = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>screenrec explorer</title>
        <style>
          :root { --fg:#111; --bg:#fafafa; --muted:#555; --accent:#0a58ca; --focus:#d63384; font-family: system-ui, sans-serif; }
          * { box-sizing: border-box; }
          body { margin:0; color:var(--fg); background:var(--bg); }
          header { padding:.6rem 1rem; background:#1f2937; color:#fff; display:flex; gap:1rem; align-items:baseline; flex-wrap:wrap; }
          header h1 { font-size:1.2rem; margin:0; }
          header p { margin:0; color:#d1d5db; font-size:.9rem; }
          .skip { position:absolute; left:-999px; } .skip:focus { left:1rem; top:.5rem; background:#fff; color:#000; padding:.3rem; z-index:10; }
          main { display:grid; grid-template-columns: minmax(280px, 380px) minmax(300px, 1fr) minmax(300px, 1fr); gap:1rem; padding:1rem; }
          section { background:#fff; border:1px solid #ddd; border-radius:6px; padding:.75rem; min-width:0; }
          h2 { font-size:1rem; margin:.1rem 0 .6rem; }
          :focus-visible { outline:3px solid var(--focus); outline-offset:2px; }
          button, input, label { font:inherit; }
          button { padding:.35rem .7rem; border:1px solid #888; border-radius:4px; background:#f3f4f6; cursor:pointer; }
          button[aria-pressed="true"] { background:#1f2937; color:#fff; }
          button:disabled { opacity:.5; cursor:default; }
          .controls { display:flex; flex-wrap:wrap; gap:.4rem; margin:.5rem 0; }
          #drop { border:2px dashed #999; border-radius:6px; padding:.6rem; text-align:center; color:var(--muted); margin-bottom:.5rem; }
          #drop.over { border-color:var(--accent); color:var(--accent); }
          #screen { position:relative; display:inline-block; max-width:100%; border:1px solid #333; background:#000; }
          #screen:focus-visible { outline:4px solid var(--focus); }
          #shot { display:block; max-width:100%; max-height:70vh; }
          #screen.curtain #shot, #screen.curtain .box, #screen.curtain #tap { visibility:hidden; }
          .box { position:absolute; border:2px solid rgba(10,88,202,.85); pointer-events:none; }
          .box span { position:absolute; left:-2px; top:-2px; background:rgba(10,88,202,.9); color:#fff; font-size:11px; line-height:1; padding:2px 3px; }
          .box.current { border:4px solid #000; box-shadow:0 0 0 3px #ffd60a; z-index:2; }
          #tap { position:absolute; width:24px; height:24px; margin:-12px 0 0 -12px; border-radius:50%; background:rgba(214,51,132,.8); border:3px solid #fff; display:none; z-index:3; pointer-events:none; }
          #announcement { min-height:2.8em; padding:.4rem .6rem; background:#1f2937; color:#fff; border-radius:4px; font-size:1.05rem; }
          #transcript { margin:0; padding-left:2.2rem; max-height:70vh; overflow:auto; }
          #transcript li { padding:.15rem .3rem; border-radius:3px; }
          #transcript li.current { background:#ffd60a; }
          #json { margin:0; max-height:70vh; overflow:auto; font-size:12px; background:#f6f8fa; padding:.5rem; white-space:pre-wrap; word-break:break-word; }
          .panes { display:grid; grid-template-columns:1fr 1fr; gap:.8rem; }
          #status { color:var(--muted); min-height:1.3em; }
          #error { color:#b00020; font-weight:600; }
          kbd { border:1px solid #aaa; border-radius:3px; padding:0 .25rem; background:#eee; font-size:.85em; }
          @media (max-width: 1100px) { main { grid-template-columns:1fr; } .panes { grid-template-columns:1fr; } }
        </style>
        </head>
        <body>
        <a class="skip" href="#screen">Skip to the screen</a>
        <header>
          <h1>screenrec explorer</h1>
          <p>Explore a screenshot the way VoiceOver would read it, from its pixels alone.</p>
        </header>
        <main>
          <section aria-labelledby="h-input">
            <h2 id="h-input">Screenshot</h2>
            <div id="drop">Drop a PNG or JPEG screenshot here, or
              <label for="file"><strong>choose a file</strong></label>:
              <input id="file" type="file" accept="image/png,image/jpeg">
            </div>
            <div class="controls" role="group" aria-label="Analysis options">
              <label><input id="opt-ocr" type="checkbox" checked> Read text (OCR)</label>
              <label><input id="opt-hints" type="checkbox"> Speak hints</label>
              <label><input id="opt-speech" type="checkbox" checked> Speak announcements</label>
            </div>
            <p id="status" role="status"></p>
            <p id="error" role="alert"></p>
            <h2 id="h-nav">Navigate</h2>
            <div class="controls" role="group" aria-labelledby="h-nav">
              <button id="first" type="button" disabled>First</button>
              <button id="prev" type="button" disabled>Previous</button>
              <button id="next" type="button" disabled>Next</button>
              <button id="last" type="button" disabled>Last</button>
              <button id="activate" type="button" disabled>Activate</button>
              <button id="curtain" type="button" aria-pressed="false">Screen curtain</button>
            </div>
            <p>Focus the screen, then <kbd>→</kbd>/<kbd>←</kbd> next/previous element, <kbd>Home</kbd>/<kbd>End</kbd>
              first/last, <kbd>Enter</kbd> or <kbd>Space</kbd> activate (shows the tap point).</p>
            <h2 id="h-said">VoiceOver says</h2>
            <div id="announcement" aria-live="assertive" aria-atomic="true" aria-labelledby="h-said"></div>
          </section>
          <section aria-labelledby="h-screen">
            <h2 id="h-screen">Screen</h2>
            <div id="screen" tabindex="0" role="application" aria-roledescription="screen reader simulator"
                 aria-label="Screen: no screenshot yet" aria-describedby="h-said">
              <img id="shot" alt="" hidden>
              <div id="tap" aria-hidden="true"></div>
            </div>
          </section>
          <section aria-labelledby="h-out">
            <h2 id="h-out">Result</h2>
            <div class="panes">
              <div>
                <h3 id="h-transcript">Transcript</h3>
                <ol id="transcript" aria-labelledby="h-transcript"></ol>
              </div>
              <div>
                <h3 id="h-json">JSON</h3>
                <pre id="json" tabindex="0" aria-labelledby="h-json"></pre>
              </div>
            </div>
          </section>
        </main>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const state = { analysis: null, elements: [], current: -1, url: null };

        function setStatus(text) { $("status").textContent = text; }
        function setError(text) { $("error").textContent = text || ""; }

        function announce(text) {
          const region = $("announcement");
          region.textContent = text;
          if ($("opt-speech").checked && "speechSynthesis" in window) {
            try {
              window.speechSynthesis.cancel();
              window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
            } catch (e) { /* no voices: the live region still says it */ }
          }
        }

        async function analyse(file) {
          setError("");
          if (!file) return;
          if (!/^image\/(png|jpeg)$/.test(file.type)) { setError("Choose a PNG or JPEG screenshot (got " + (file.type || "an unknown type") + ")."); return; }
          setStatus("Analysing " + file.name + "…");
          const params = new URLSearchParams({ ocr: String($("opt-ocr").checked), hints: String($("opt-hints").checked) });
          let response, body;
          try {
            response = await fetch("/v1/analyze?" + params, { method: "POST", headers: { "Content-Type": file.type }, body: file });
            body = await response.json();
          } catch (e) { setStatus(""); setError("The server could not be reached: " + e.message); return; }
          if (!response.ok) { setStatus(""); setError((body.error && body.error.message) || ("HTTP " + response.status)); return; }
          if (state.url) URL.revokeObjectURL(state.url);
          state.url = URL.createObjectURL(file);
          show(body, state.url, file.name);
        }

        function show(analysis, imageURL, name) {
          state.analysis = analysis;
          state.elements = analysis.elements || [];
          state.current = -1;
          const img = $("shot");
          img.src = imageURL; img.hidden = false;
          img.alt = "";
          const screen = $("screen");
          screen.querySelectorAll(".box").forEach((b) => b.remove());
          $("tap").style.display = "none";
          const W = analysis.image.width, H = analysis.image.height;
          const pct = (v, total) => (100 * v / total) + "%";
          state.elements.forEach((el, i) => {
            const f = el.frame;
            const box = document.createElement("div");
            box.className = "box"; box.id = "box-" + i;
            box.style.left = pct(f[0], W); box.style.top = pct(f[1], H);
            box.style.width = pct(f[2], W); box.style.height = pct(f[3], H);
            const n = document.createElement("span"); n.textContent = String(el.order); box.appendChild(n);
            box.setAttribute("aria-hidden", "true");
            screen.appendChild(box);
          });
          const list = $("transcript");
          list.replaceChildren(...state.elements.map((el, i) => {
            const li = document.createElement("li"); li.id = "item-" + i; li.textContent = el.announcement; return li;
          }));
          $("json").textContent = JSON.stringify(analysis, null, 2);
          screen.setAttribute("aria-label", "Screen " + (name || "") + ": " + state.elements.length + " elements. Use arrow keys to move.");
          for (const id of ["first", "prev", "next", "last", "activate"]) $(id).disabled = state.elements.length === 0;
          setStatus(state.elements.length + " elements in " + (name || "the screenshot") + ".");
          if (state.elements.length) moveTo(0); else announce("No elements found.");
        }

        function moveTo(i) {
          const n = state.elements.length;
          if (!n) return;
          if (i < 0 || i >= n) { announce(state.elements[state.current].announcement + (i < 0 ? " (first element)" : " (last element)")); return; }
          document.querySelectorAll(".box.current, #transcript li.current").forEach((e) => e.classList.remove("current"));
          state.current = i;
          $("box-" + i).classList.add("current");
          const li = $("item-" + i); li.classList.add("current"); li.scrollIntoView({ block: "nearest" });
          $("screen").setAttribute("aria-activedescendant", "");
          $("tap").style.display = "none";
          announce(state.elements[i].announcement);
        }

        function activate() {
          const el = state.elements[state.current];
          if (!el) return;
          const [x, y] = el.activationPoint;
          const tap = $("tap");
          tap.style.left = (100 * x / state.analysis.image.width) + "%";
          tap.style.top = (100 * y / state.analysis.image.height) + "%";
          tap.style.display = "block";
          announce("Activate " + (el.label || el.announcement) + ": double tap at " + Math.round(x) + ", " + Math.round(y));
        }

        $("screen").addEventListener("keydown", (e) => {
          const keys = { ArrowRight: () => moveTo(state.current + 1), ArrowDown: () => moveTo(state.current + 1),
            ArrowLeft: () => moveTo(state.current - 1), ArrowUp: () => moveTo(state.current - 1),
            Home: () => moveTo(0), End: () => moveTo(state.elements.length - 1), Enter: activate, " ": activate };
          const action = keys[e.key];
          if (action && state.elements.length) { e.preventDefault(); action(); }
        });
        $("first").addEventListener("click", () => moveTo(0));
        $("prev").addEventListener("click", () => moveTo(state.current - 1));
        $("next").addEventListener("click", () => moveTo(state.current + 1));
        $("last").addEventListener("click", () => moveTo(state.elements.length - 1));
        $("activate").addEventListener("click", activate);
        $("curtain").addEventListener("click", () => {
          const on = $("curtain").getAttribute("aria-pressed") !== "true";
          $("curtain").setAttribute("aria-pressed", String(on));
          $("screen").classList.toggle("curtain", on);
          announce(on ? "Screen curtain on" : "Screen curtain off");
        });
        $("file").addEventListener("change", (e) => analyse(e.target.files[0]));
        const drop = $("drop");
        drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
        drop.addEventListener("dragleave", () => drop.classList.remove("over"));
        drop.addEventListener("drop", (e) => { e.preventDefault(); drop.classList.remove("over"); analyse(e.dataTransfer.files[0]); });
        </script>
        </body>
        </html>
        """#
}
