"""`pnp calibrate`: the duplex calibration sheet that gives --back-offset."""

from __future__ import annotations

import click

from pnp.cli.base import DUPLEX, GAP_MM, PAPER, WRITTEN, out_option
from pnp.core.terminal import echo, one_line
from pnp.layout.imposition import DEFAULT_MARGIN_MM


def _duplex_with_backs(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """`--duplex` for `calibrate`: "none" prints no backs, so there is nothing to calibrate."""
    if value == "none":
        raise click.BadParameter(
            "single-sided printing has no backs to calibrate; use long or short"
        )
    return value


@click.command()
@click.option(
    "--paper",
    type=PAPER,
    default="a4",
    show_default=True,
    help="Paper: a named one or a custom WxH in mm (at least 140 x 220 mm inside the margin).",
)
@click.option(
    "--duplex",
    type=DUPLEX,
    default="long",
    show_default=True,
    callback=_duplex_with_backs,
    metavar="[long|short]",
    help="The flip edge you print cards with: long or short.",
)
@click.option(
    "--margin",
    type=GAP_MM,
    default=DEFAULT_MARGIN_MM,
    show_default=True,
    help="Printer margin kept clear at the paper edge, mm.",
)
@out_option("Output folder (the sheet is DIR/calibration.pdf).")
def calibrate(paper, duplex, margin, out_dir) -> None:
    """Write a duplex calibration sheet: print it double-sided, hold it to the light and
    read the --back-offset DX DY for `pnp build`; its ruler shows whether the printer
    scaled the page."""
    from pnp.calibrate import write_calibration
    from pnp.cli.defaults import announce

    announce()

    path = write_calibration(out_dir, paper, duplex, margin)
    click.get_current_context().meta[WRITTEN] = True
    flip = {"long": "flip on long edge", "short": "flip on short edge"}[duplex]
    echo(
        f"calibration sheet for {paper}, {flip}: {one_line(str(path))}  (2 pages, "
        "print double-sided at 100 %)",
        exact=True,
    )
