"""The `pnp` command line: parses options, calls pnp.build / pnp.validate, prints.

Every error leaves through one place, `Failure`, shown by click with one prefix
("Error: "): exit status 1 for data, layout and rule errors (each message names
file:line, card or back, field), 2 for usage errors (click's). With `--all`, every
game is tried and every game's problems are reported.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import click

from pnp.errors import DataError, PnpError, errors_only
from pnp.layout.imposition import (
    DEFAULT_BLEED_MM,
    DEFAULT_GUTTER_MM,
    DEFAULT_MARGIN_MM,
    DUPLEX_MODES,
    MAX_BACK_OFFSET_MM,
    MAX_BLEED_MM,
    MAX_GAP_MM,
    SheetSpec,
)
from pnp.shown import described, plural, quoted
from pnp.simulate import MOST_GAMES, MOST_TURN_CAP
from pnp.terminal import OutputLost, echo, echo_json, one_line, silence_stdout
from pnp.units import CARD_SIZES_MM, PAPER_MM

MIN_MAX_DPI = 72.0      # --max-dpi below this would make any art a blur
MOST_PLAYERS = 99       # simulate --players: beyond any game's table, so each game names its own


class Failure(click.ClickException):
    """One or more errors, each shown as its own `Error: ...` line; exit status 1."""

    exit_code = 1

    def __init__(self, lines: list[str]):
        super().__init__(lines[0] if lines else "failed")
        self.lines = lines

    def show(self, file=None) -> None:
        try:
            for line in self.lines:
                echo(f"Error: {one_line(line)}", err=True, exact=True)
        except OutputLost:      # stderr itself is gone: the exit status still tells
            pass


def error_lines(exc: PnpError, game: str | None = None) -> list[str]:
    """The lines that report `exc`: every problem of a DataError (a warning or note among
    them says so), then how many errors there are."""
    if not isinstance(exc, DataError):
        return [str(exc)]
    errors = [p for p in exc.problems if p.level == "error"]
    count = f"{plural(len(errors), 'problem')} found."
    return ([str(p) if p.level == "error" else f"({p.level}) {p}" for p in exc.problems]
            + [f"{game}: {count}" if game else count])


_TYPED = "pnp.typed"       # ctx.meta: the command line's words, for one_line
WRITTEN = "pnp.written"   # ctx.meta: True once a kit was published
class InRange(click.ParamType):
    """A number typed on the command line, within low..high inclusive (`integer` for a
    count, else a length in `unit`, mm). As in `scorekeeper`: text that is no number is
    click's usage error (exit 2); a number out of range, NaN and infinities included, is
    an error naming the range (exit 1)."""

    def __init__(self, low: float, high: float, unit: str = "", integer: bool = False):
        # an unbounded range (±inf) leaves the range to the library: --players is checked
        # by each kit against the player counts its game.toml states
        self.low, self.high, self.unit, self.integer = low, high, unit, integer
        self.name = "integer" if integer else "mm" if unit == "mm" else "number"

    def convert(self, value, param, ctx):
        what = param.opts[0] if param is not None else "the value"
        try:
            number = int(value) if self.integer else float(value)
        except (TypeError, ValueError):
            if str(value).strip().lstrip("+-").isdigit():    # digits past int()'s limit
                raise Failure([f"{what} is too large ({len(str(value).strip()):,} digits)"])
            self.fail(f"{quoted(value)} is not a {'whole ' if self.integer else ''}number",
                      param, ctx)
        if not self.low <= number <= self.high:   # False for NaN too
            unit = f" {self.unit}" if self.unit else ""
            typed = str(value).strip()
            shown = typed if len(typed) <= 20 else described(number)
            bounds = f"{self._shown(self.low)}..{self._shown(self.high)}{unit}"
            raise Failure([f"{what} must be {bounds}, got {shown}"])
        return number

    def _shown(self, bound: float) -> str:
        """A bound as typed: a whole count in full (1000000, not 1e+06)."""
        return str(int(bound)) if self.integer and math.isfinite(bound) else f"{bound:g}"


class App(click.Group):
    """The `pnp` group: a PnpError from any command becomes a Failure; click's usage
    errors, which quote the value typed whole, become one short line
    (pnp.terminal.one_line); output that cannot be written is settled by `output_lost`."""

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        typed = [str(a) for a in args]
        try:
            ctx = super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:
            exc.message = one_line(exc.message, typed)
            raise
        ctx.meta[_TYPED] = typed
        return ctx

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except PnpError as exc:
            raise Failure(error_lines(exc)) from None
        except click.UsageError as exc:
            exc.message = one_line(exc.message, ctx.meta.get(_TYPED, ()))
            raise
        except OutputLost as exc:
            output_lost(ctx, exc)


def output_lost(ctx: click.Context, exc: OutputLost) -> None:
    """A report that could not be printed: exit status 0 if the kit was written (with a
    note on stderr unless the reader of a pipe went away), else 1."""
    if exc.closed_pipe:
        silence_stdout()
    written = ctx.meta.get(WRITTEN, False)
    if written and not exc.closed_pipe:
        try:
            echo(f"The kit was written, but its summary could not be printed ({exc}).",
                 err=True)
        except OutputLost:
            pass
    if written or exc.closed_pipe:
        ctx.exit(0 if written else 1)
    raise click.ClickException(f"the output could not be written ({exc})")


def for_each_game(names: list[str], run: Callable[[str], None]) -> None:
    """Call `run(name)` for every game; collect every game's errors and raise one Failure
    listing all of them when any failed."""
    lines: list[str] = []
    for name in names:
        try:
            run(name)
        except PnpError as exc:
            lines += error_lines(exc, name if len(names) > 1 or isinstance(exc, DataError)
                                 else None)
    if lines:
        raise Failure(lines)


@click.group(cls=App, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hackpack")
def main() -> None:
    """Hack Pack print-and-play generator: card data in TOML to print-ready PDFs."""


def _folder(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """A folder typed on the command line as a Path; an empty or blank one is a usage
    error (it would silently mean the current folder)."""
    if value is None:
        return None
    if not value.strip():
        raise click.BadParameter("the folder path is empty; name a folder ('.' for this one)")
    return Path(value)


def _game_options(f):
    from pnp.games import game_ids
    f = click.option("--data", "data_dir", callback=_folder, metavar="DIR",
                     default=None, help="Card data folder (default: the repository's card_data/).")(f)
    f = click.option("--all", "all_games", is_flag=True, help="Every game.")(f)
    f = click.option("--game", "-g", "game", default=None,
                     help=f"Game id: {', '.join(game_ids())}.")(f)
    return f


def _ink_saver_option(verb: str):
    return click.option("--ink-saver/--full-ink", default=False, show_default=True,
                        help=f"{verb} the ink-saving faces: dark grounds, frames and big "
                             "badges as outlines and pale tints, with the same text and marks.")


def _games(game: str | None, all_games: bool) -> list[str]:
    from pnp.games import game_ids
    if all_games and game:
        raise click.UsageError("use --game GAME or --all, not both")
    if all_games:
        return game_ids()
    if not game:
        raise click.UsageError("name a game with --game GAME, or use --all")
    return [game]


@main.command()
@_game_options
@click.option("--paper", type=click.Choice(list(PAPER_MM)), default="a4", show_default=True)
@click.option("--card-size", type=click.Choice(list(CARD_SIZES_MM)), default=None,
              help="Card trim size: one the game's game.toml card_sizes names (all three "
                   "games: poker, bridge, tarot; default the game's, poker 63.5 x 88.9 mm).")
@click.option("--bleed", type=InRange(0, MAX_BLEED_MM, "mm"), default=DEFAULT_BLEED_MM, show_default=True, help="Bleed in mm.")
@click.option("--gutter", type=InRange(0, MAX_GAP_MM, "mm"), default=DEFAULT_GUTTER_MM, show_default=True,
              help="Space between neighbouring cards' bleed edges, mm.")
@click.option("--margin", type=InRange(0, MAX_GAP_MM, "mm"), default=DEFAULT_MARGIN_MM, show_default=True,
              help="Printer margin kept clear at the paper edge, mm.")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True)
@click.option("--deck-sheets", is_flag=True, help="Start every deck or pile (and the player "
              "aids) on a fresh sheet; by default they share sheets, each back behind its "
              "own front.")
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long", show_default=True,
              help="long: flip on the long edge; short: short edge; none: fronts only.")
@click.option("--back-offset", nargs=2,
              type=InRange(-MAX_BACK_OFFSET_MM, MAX_BACK_OFFSET_MM, "mm"), default=(0.0, 0.0), show_default=True,
              metavar="DX DY", help="Shift back pages by DX, DY mm (right, up) for printer drift.")
@click.option("--out", "out_dir", callback=_folder, default="out", show_default=True,
              metavar="DIR", help="Output folder.")
@click.option("--format", "deck_format", type=click.Choice(["individual", "shared"]),
              default=None, help="For games with several decks: one deck per player "
                                 "(default) or one shared deck.")
@click.option("--players", type=InRange(-math.inf, math.inf, integer=True), default=None,
              help="For games with several decks: print decks for this many players "
                   "(default: every deck).")
@_ink_saver_option("Print")
@click.option("--max-dpi", type=InRange(MIN_MAX_DPI, 2400), default=None, metavar="DPI",
              help="Downsample card art that would print at more pixels per inch than "
                   f"this ({MIN_MAX_DPI:g}..2400; default: every image as it is).")
def build(game, all_games, data_dir, paper, card_size, bleed, gutter, margin, crop_marks,
          deck_sheets, duplex, back_offset, out_dir, deck_format, players, ink_saver,
          max_dpi) -> None:
    """Build the print-and-play kit: cards.pdf, rules.pdf and booklet.pdf."""
    from pnp.build import DEFAULT_DATA_DIR, BuildOptions
    from pnp.build import build as run_build
    spec = SheetSpec(paper=paper, bleed_mm=bleed, gutter_mm=gutter, margin_mm=margin,
                     duplex=duplex, back_offset_mm=tuple(back_offset), crop_marks=crop_marks,
                     deck_sheets=deck_sheets)

    def one(name: str) -> None:
        report = run_build(BuildOptions(name, spec, card_size, data_dir or DEFAULT_DATA_DIR,
                                        out_dir, deck_format, players, ink_saver, max_dpi))
        click.get_current_context().meta[WRITTEN] = True
        _print_report(report, spec)
        show_warnings(report.warnings)
    for_each_game(_games(game, all_games), one)


def _print_report(report, spec: SheetSpec) -> None:
    g = report.grid
    total = sum(report.counts.values())
    echo(f"{report.game}: {total} cards — " +
               ", ".join(f"{n} {kind}" for kind, n in report.counts.items()))
    duplex = {"long": "duplex, flip on long edge", "short": "duplex, flip on short edge",
              "none": "single-sided, fronts only"}[spec.duplex]
    echo(f"  {g.cols}x{g.rows} cards per {spec.paper} sheet, {report.sheets} sheets, {duplex}")
    for path in report.paths:
        n = report.pages[path.name]
        echo(f"  {one_line(str(path))}  ({plural(n, 'page')})", exact=True)
    if report.images:
        echo(f"  art: {plural(report.images, 'distinct image')} embedded, each once")
    for file in report.generated_bleed:
        echo(f"  art: {one_line(quoted(file))} has no bleed of its own; its edges were "
             "extended to make one", exact=True)
    echo(f"  built in {report.seconds:.2f} s")


def show_warnings(problems) -> None:
    """Print each warning or note as its own `Warning: ...` / `Note: ...` line on stderr."""
    for p in problems:
        echo(f"{p.level.capitalize()}: {one_line(str(p))}", err=True, exact=True)


@main.command()
@_game_options
@click.option("--card-size", type=click.Choice(list(CARD_SIZES_MM)), default=None,
              help="Check the faces on this card size (default: the game's).")
@_ink_saver_option("Check")
def validate(game, all_games, data_dir, card_size, ink_saver) -> None:
    """Check the card data and every card face without building; list every problem,
    exit 1 if any."""
    from pnp.build import DEFAULT_DATA_DIR, BuildOptions, frame_for, game_folder
    from pnp.games import find_game
    from pnp.validate import validate as run_validate

    def one(name: str) -> None:
        kit = find_game(name)
        folder = game_folder(kit, data_dir or DEFAULT_DATA_DIR)
        options = BuildOptions(name, card_size=card_size, data_dir=folder.parent,
                               ink_saver=ink_saver)
        data, _blocks, problems = run_validate(kit, folder, frame_for(options))
        errors, warnings = errors_only(problems)
        show_warnings(warnings)
        if errors:
            raise DataError(errors)
        total = sum(kit.summary(kit.print_groups(data)).values())
        echo(f"{kit.id}: OK — {len(kit.printed_cards(data))} distinct cards, {total} copies")
    for_each_game(_games(game, all_games), one)


def _duplex_with_backs(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """`--duplex` for `calibrate`: "none" prints no backs, so there is nothing to calibrate."""
    if value == "none":
        raise click.BadParameter("single-sided printing has no backs to calibrate; "
                                 "use long or short")
    return value


@main.command()
@click.option("--paper", type=click.Choice(list(PAPER_MM)), default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long", show_default=True,
              callback=_duplex_with_backs, metavar="[long|short]",
              help="The flip edge you print cards with: long or short.")
@click.option("--margin", type=InRange(0, MAX_GAP_MM, "mm"), default=DEFAULT_MARGIN_MM,
              show_default=True, help="Printer margin kept clear at the paper edge, mm.")
@click.option("--out", "out_dir", callback=_folder, default="out", show_default=True,
              metavar="DIR", help="Output folder (the sheet is DIR/calibration.pdf).")
def calibrate(paper, duplex, margin, out_dir) -> None:
    """Write a duplex calibration sheet: print it double-sided, hold it to the light and
    read the --back-offset DX DY for `pnp build`; its ruler shows whether the printer
    scaled the page."""
    from pnp.calibrate import write_calibration
    path = write_calibration(out_dir, paper, duplex, margin)
    click.get_current_context().meta[WRITTEN] = True
    flip = {"long": "flip on long edge", "short": "flip on short edge"}[duplex]
    echo(f"calibration sheet for {paper}, {flip}: {one_line(str(path))}  (2 pages, "
         "print double-sided at 100 %)", exact=True)


def _progress_bar(total: int, label: str):
    """A click progress bar on stderr when stderr is a terminal; else one that shows
    nothing (pnp.export.Progress), so logs and pipes get only the summary."""
    import sys

    from pnp.render.raster import Progress
    if not sys.stderr.isatty():
        return Progress()
    return click.progressbar(length=total, label=label, file=sys.stderr)


@main.command()
@_game_options
@click.option("--format", "output_format", type=click.Choice(["png", "tts", "pdf-single"]),
              required=True, help="png: one image per card face (trim + bleed); tts: "
              "Tabletop Simulator deck sheets and a saved object (trim only); pdf-single: "
              "one card face per page (trim + bleed) for a print shop.")
@click.option("--dpi", type=InRange(50, 1200, integer=True), default=300, show_default=True,
              help="Pixels per inch of the images (50..1200); tts lowers it until every "
                   "sheet is at most 4096 px.")
@click.option("--out", "out_dir", callback=_folder, default="out", show_default=True,
              metavar="DIR", help="Output folder (files go to DIR/<game>/).")
@click.option("--card-size", type=click.Choice(list(CARD_SIZES_MM)), default=None,
              help="Card trim size: one the game's game.toml card_sizes names (default: "
                   "the game's).")
@click.option("--bleed", type=InRange(0, MAX_BLEED_MM, "mm"), default=DEFAULT_BLEED_MM,
              show_default=True, help="Bleed in mm around each png and pdf-single card.")
@_ink_saver_option("Export")
@click.option("--deck-format", type=click.Choice(["individual", "shared"]), default=None,
              help="For games with several decks: one deck per player (default) or one "
                   "shared deck (as `pnp build --format`).")
@click.option("--players", type=InRange(-math.inf, math.inf, integer=True), default=None,
              help="For games with several decks: decks for this many players (default: "
                   "every deck).")
def export(game, all_games, data_dir, output_format, dpi, out_dir, card_size, bleed,
           ink_saver, deck_format, players) -> None:
    """Export card images and print-shop files from the same drawing as cards.pdf:
    PNGs, Tabletop Simulator decks, or a one-card-a-page PDF."""
    from pnp.export import DEFAULT_DATA_DIR, ExportOptions
    from pnp.export import export as run_export

    def one(name: str) -> None:
        report = run_export(ExportOptions(name, output_format, dpi, out_dir,
                                          data_dir or DEFAULT_DATA_DIR, card_size, bleed,
                                          ink_saver, deck_format, players), _progress_bar)
        click.get_current_context().meta[WRITTEN] = True
        show_warnings(report.warnings)
        _print_export_report(report)
    for_each_game(_games(game, all_games), one)


def _print_export_report(report) -> None:
    """The export summary on stdout: what was written, where, at which dpi and size."""
    w, path = report.written, one_line(str(report.path))
    if report.format == "pdf-single":
        echo(f"{report.game}: {plural(report.copies, 'card')}, one face a page, each front "
             f"followed by its back")
        echo(f"  {path}  ({plural(w.pages, 'page')} of trim + {report.bleed_mm:g} mm bleed, "
             "no crop marks)", exact=True)
    elif report.format == "png":
        echo(f"{report.game}: {plural(report.copies, 'card')} as PNG at {w.dpi} dpi, "
             f"{w.card_px[0]}x{w.card_px[1]} px a card (trim + {report.bleed_mm:g} mm bleed)")
        echo(f"  {path}  ({plural(w.files, 'file')}: {report.copies:,} fronts, "
             f"{w.files - report.copies:,} backs; {plural(w.pages, 'distinct face')} "
             "rasterised)", exact=True)
    else:
        lowered = f", lowered from {report.dpi} so every sheet fits 4096 px" \
            if w.dpi < report.dpi else ""
        echo(f"{report.game}: {plural(report.copies, 'card')} as "
             f"{plural(len(w.decks), 'Tabletop Simulator deck')} at {w.dpi} dpi{lowered}, "
             f"{w.card_px[0]}x{w.card_px[1]} px a card (trim, no bleed)")
        for deck in w.decks:
            grids = ", ".join(f"{c}x{r}" for c, r in deck.grids)
            echo(f"  {deck.label}: {plural(deck.copies, 'card')} on "
                 f"{plural(len(deck.grids), 'sheet')} ({grids}) and a back")
        echo(f"  {path}  ({plural(w.files, 'file')})", exact=True)
        echo(f"  {one_line(str(report.path / w.save))}  (load it from Tabletop Simulator's "
             "Saved Objects)", exact=True)
    if w.no_back:
        blank = ("a blank page follows each front, so fronts stay on odd pages"
                 if report.format == "pdf-single" else
                 "no back file" if report.format == "png" else "a white back")
        echo(f"  {plural(w.no_back, 'card')} printed without a back: {blank}")
    echo(f"  exported in {report.seconds:.2f} s")


def _player_counts(ctx: click.Context, param: click.Parameter, value: str | None):
    """`--players` for simulate: one count ("4"), a range ("2-6") or a list ("3,5");
    a usage error for anything else (the game checks the counts it seats)."""
    if value is None:
        return ()
    counts: set[int] = set()
    for part in value.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not (low.isascii() and high.isascii() and low.isdigit()
                and (high.isdigit() if dash else not high)):
            raise click.BadParameter(f"{quoted(value, 30)} is not a player count, a range "
                                     "like 2-6 or a list like 3,5")
        first, last = int(low), int(high) if dash else int(low)
        if last > MOST_PLAYERS:
            raise Failure([f"--players must be 1..{MOST_PLAYERS}, got {quoted(part, 20)}"])
        if first > last:
            raise click.BadParameter(f"the range {part} runs backwards; write {last}-{first}")
        counts.update(range(first, last + 1))
    return tuple(sorted(counts))


def _show_strategies(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """--help-strategies: each game's strategies, the default marked, then exit (before
    any other option is read, as --help does)."""
    if not value or ctx.resilient_parsing:
        return
    from pnp.simulate import SIMULATORS, simulator
    for game_id in SIMULATORS:
        module = simulator(game_id)
        names = ", ".join(f"{n} (default)" if n == module.DEFAULT_STRATEGY else n
                          for n in module.STRATEGIES)
        echo(f"{game_id}: {names}")
    ctx.exit(0)


@main.command()
@_game_options
@click.option("--players", callback=_player_counts, default=None, metavar="N|A-B|A,B",
              help="Player counts to simulate: 4, 2-6 or 3,5 (default: every count the "
                   "game seats, up to 6).")
@click.option("--games", type=InRange(1, MOST_GAMES, integer=True), default=1000,
              show_default=True, help="Games at each player count.")
@click.option("--seed", type=InRange(-(2**63), 2**63 - 1, integer=True), default=1,
              show_default=True, help="The same seed gives the same games and report.")
@click.option("--strategy", "strategies", multiple=True, metavar="NAME",
              help="How the players play (each game's names: see --help-strategies); "
                   "repeat to give the seats different strategies in turn.")
@click.option("--turn-cap", "cap", type=InRange(1, MOST_TURN_CAP, integer=True), default=None,
              help="Turns before a game is stopped as a draw (default: the game's).")
@click.option("--workers", type=InRange(1, 64, integer=True), default=None,
              help="Processes to play on (default: one per core).")
@click.option("--out", "out_dir", callback=_folder, default="out", show_default=True,
              metavar="DIR", help="balance.pdf goes to DIR/<game>/.")
@click.option("--no-pdf", is_flag=True, help="Print the summary only.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the summary as JSON (no timings: the same seed gives the same "
                   "JSON).")
@click.option("--help-strategies", is_flag=True, is_eager=True, expose_value=False,
              callback=_show_strategies, help="List each game's strategies and exit.")
def simulate(game, all_games, data_dir, players, games, seed, strategies, cap, workers,
             out_dir, no_pdf, as_json) -> None:
    """Play many games from the card data, every move checked by the scorekeeper's
    rules, and report how the decks behave: game length, wins by seat, how games end
    and per-card figures, with charts in balance.pdf."""
    from pnp.paths import DEFAULT_DATA_DIR
    from pnp.simulate.balance import SimulateOptions, prepare, simulate_game
    names = _games(game, all_games)
    summaries = []

    def options(name: str) -> SimulateOptions:
        return SimulateOptions(name, data_dir or DEFAULT_DATA_DIR, out_dir, games, seed,
                               players, tuple(strategies), cap, workers, not no_pdf)
    prepared = {}
    if len(names) > 1:       # every game's request checked before the first game runs
        for_each_game(names, lambda name: prepared.update({name: prepare(options(name))}))

    def one(name: str) -> None:
        report = simulate_game(options(name), _progress_bar, prepared.get(name))
        click.get_current_context().meta[WRITTEN] = True
        if as_json:
            summaries.append(report.summary)
            if report.path:       # stdout is the JSON's alone
                echo(f"{report.summary['game']}: {one_line(str(report.path))}", err=True,
                     exact=True)
            return
        _print_simulation(report)
    for_each_game(names, one)
    if as_json:
        echo_json(summaries[0] if len(summaries) == 1 else summaries)


def _print_simulation(report) -> None:
    """The simulation summary on stdout: the run, its figures, the PDF and the time."""
    s = report.summary
    played = s["games"] * len(s["by_players"])
    echo(f"{s['game']}: {plural(s['games'], 'game')} at each of "
         f"{', '.join(str(c['players']) for c in s['by_players'])} players; seed "
         f"{s['seed']}; strategies by seat: {', '.join(s['strategies'])}")
    for line in report.lines:
        echo(line, exact=True)
    if report.path:
        echo(f"  {one_line(str(report.path))}  (charts)", exact=True)
    echo(f"  played {played:,} games in {report.seconds:.2f} s on "
         f"{plural(report.workers, 'process', 'processes')} "
         f"({played / max(report.seconds, 1e-9):,.0f} games/s)")
