"""Fifty player names that are markup, escapes or other trouble in some renderer: a
name from a file (an export, a save) must be shown as exactly this text, and style
nothing, on every screen."""

NAMES = [
    "[b]Bo", "Ann [/]", "[link=http://x]y[/link]", "[/]", "[", "]", "[[", "]]",
    "[@click=app.quit]Quit[/]", "[red]Rex", "[i]Ida", "[on red]Ona", "\\[b]Bea",
    "[b", "b]", "[$accent]Ace", "$accent", "[reverse]Rev", "[blink]Zed", "[u]Una[/u]",
    "[bold red on blue]Xi", "[link='javascript:alert(1)']Jo[/]", "[@click=quit]",
    ":smile:", ":red_circle: Ray", "[#ff0000]Hue", "[rgb(1,2,3)]Rgb", "[dim]Dim",
    "[strike]Sam", "[not bold]Nob", "[/b]Kim", "[/red]Liv", "[x=1]Xy", "[b][i][u]Tri",
    "a[b]c[/b]d", "[[b]]Dub", "<b>Bold</b>", "<script>alert(1)</script>", "' OR 1=1 --",
    "%s%s%n", "{name}", "${HOME}", "&amp;Amp", "Ünïcödé [ß]", "[🂡] Ace", "ＡＢＣ[wide]",
    "[italic]It", "[on $panel]Pan", "[bold]Bo[/bold] [i]", "\\\\[/]",
]
"""Each is a name a seat may have; none has a control character (those are refused)."""

assert len(NAMES) == 50 and len(set(NAMES)) == 50
