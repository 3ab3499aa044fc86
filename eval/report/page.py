"""The report page as HTML text: sources, then per family its parse-failure flags, overview and figures.

Every value is escaped; the page links only its own stylesheet and figure files, and its content
security policy forbids anything else, so it opens from disk with no network. Nothing in it depends on
the time or the machine, only on its inputs.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence

from eval.report.figure import FamilyReport, Figure, Table
from eval.report.section import ModelResults, Result, Skipped

#: Marks pages written by `eval report`, so an earlier report may be replaced but nothing else.
GENERATOR = "see-or-recall report"
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'"
)
STYLESHEET = "report.css"
#: A model whose replies mostly fail to parse is flagged: its accuracies measure its format, not its sight.
MOSTLY_UNPARSED = 0.5
#: Columns every family's tables may show, defined once at the top of the page.
COMMON_COLUMNS = {
    "Model": "the label given on the command line (LABEL=RESULT); a row named “X (paper)” holds the "
    "numbers the paper published for its model X, apart from the measured rows",
    "Family": "the benchmark the result scores",
    "Config": "the dataset config scored; “a+b” when the model's results of configs a and b were pooled "
    "row by row and scored again, or an lmms-eval run's tasks read both",
    "Split": "the dataset split scored, with the prompt variant in brackets (VLMBias's debiased and "
    "double-check tasks)",
    "Rows": "rows (questions) with a reply: the denominator of the rates beside it",
    "Rows scored": "rows with a reply in the result",
    "From": "the file or folder the result was read from",
    "Parse failures %": "replies the scorer could read no answer from, as a share of the rows (AIpsych: "
    "of the answered 4-prompt sets); they count as wrong answers",
}


def figure_path(family: str, figure: Figure) -> str:
    """Where a figure's SVG goes, relative to the page."""
    return f"figures/{family}-{figure.slug}.svg"


def render_page(
    reports: Sequence[FamilyReport],
    models: Mapping[str, tuple[ModelResults, ...]],
    results: Sequence[Result],
    skipped: Sequence[Skipped] = (),
) -> str:
    labels = sorted({result.label for result in results})
    lines = [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">',
        f'<meta name="generator" content="{GENERATOR}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>Results report</title>",
        f'<link rel="stylesheet" href="{STYLESHEET}">',
        "</head>",
        "<body>",
        "<header>",
        "<h1>Results report</h1>",
        f"<p>{len(labels)} model{'s' if len(labels) != 1 else ''}: {_esc(', '.join(labels))}. "
        "Rates are in percent, differences in percentage points (pp); each figure's table holds its numbers. "
        "Error bars and the small ranges beside numbers are 95 % cluster-bootstrap intervals (rows that "
        "share an image, set or tuple resampled together; differences within one score paired); "
        "“no interval [k]” marks a number too few clusters (under 10) or no spread leave without one, "
        "its reason [k] under the table. "
        "Rows marked <em>(paper)</em> are numbers the paper published for a model of the same name, "
        "shown apart from the measured rows.</p>",
        '<nav><ul class="contents">',
        *(f'<li><a href="#{report.name}">{_esc(report.title)}</a></li>' for report in reports),
        "</ul></nav>",
        "</header>",
        "<main>",
        '<section id="columns">',
        "<h2>Columns in every table</h2>",
        *_definitions(COMMON_COLUMNS, COMMON_COLUMNS),
        "<p>Each table's other columns are defined under it.</p>",
        "</section>",
        *_sources(results, [report.name for report in reports]),
        *_skipped(skipped),
    ]
    for report in reports:
        lines += _section(report, models[report.name])
    lines += ["</main>", "</body>", "</html>", ""]
    return "\n".join(lines)


def _sources(results: Sequence[Result], families: list[str]) -> list[str]:
    ordered = sorted(results, key=lambda r: (families.index(r.family), r.label, r.split, r.variant))
    rows = [
        [
            r.label,
            r.family,
            f"{r.split} ({r.variant})" if r.variant else r.split,
            r.config,
            str(r.score["n"]),
            r.source,
        ]
        for r in ordered
    ]
    return [
        '<section id="sources">',
        "<h2>Inputs</h2>",
        '<table class="sources">',
        "<thead><tr>"
        + "".join(f"<th>{c}</th>" for c in ("Model", "Family", "Split", "Config", "Rows scored", "From"))
        + "</tr></thead>",
        "<tbody>",
        *("<tr>" + "".join(f"<td>{_esc(cell)}</td>" for cell in row) + "</tr>" for row in rows),
        "</tbody>",
        "</table>",
        "</section>",
    ]


def _skipped(skipped: Sequence[Skipped]) -> list[str]:
    """The inputs not shown, each with why (none: nothing)."""
    if not skipped:
        return []
    return [
        '<section id="skipped">',
        "<h2>Skipped inputs</h2>",
        "<p>These logs are in the inputs but not on this page:</p>",
        '<table class="sources">',
        "<thead><tr><th>Model</th><th>File</th><th>Why</th></tr></thead>",
        "<tbody>",
        *(
            f"<tr><td>{_esc(s.label)}</td><td>{_esc(s.source)}</td><td>{_esc(s.reason)}</td></tr>"
            for s in skipped
        ),
        "</tbody>",
        "</table>",
        "</section>",
    ]


def _section(report: FamilyReport, models: tuple[ModelResults, ...]) -> list[str]:
    lines = [f'<section class="family" id="{report.name}">', f"<h2>{_esc(report.title)}</h2>"]
    lines += [f'<p class="flag">{_esc(flag)}</p>' for flag in parse_flags(models)]
    lines += [
        '<div class="overview">',
        *_table(report.overview),
        *_definitions(report.overview.columns, report.definitions),
        "</div>",
    ]
    for figure in report.figures:
        lines += _figure(report.name, figure, report.definitions)
    lines.append("</section>")
    return lines


def parse_flags(models: tuple[ModelResults, ...]) -> list[str]:
    """One warning per model and split whose replies mostly failed to parse."""
    flags = []
    for model in models:
        for (split, variant), result in sorted(model.results.items()):
            rate = result.score.get("parse_failure_rate")
            if rate is not None and rate > MOSTLY_UNPARSED:
                run = f"{split} ({variant})" if variant else split
                flags.append(
                    f"⚠ {model.label}: {100 * rate:.0f}% of its {run} replies did not parse; they count as "
                    "wrong answers, so its accuracies reflect its answer format more than what it sees."
                )
    return flags


def _figure(family: str, figure: Figure, definitions: Mapping[str, str]) -> list[str]:
    anchor = f"{family}-{figure.slug}"
    head = [f"<h3>{_esc(figure.title)}</h3>", f'<p class="definition">{_esc(figure.definition)}</p>']
    if figure.svg is None:
        return [
            f'<section class="figure omitted" id="{anchor}">',
            *head,
            f'<p class="missing">Not shown: {_esc(figure.missing)}.</p>',
            "</section>",
        ]
    return [
        f'<section class="figure" id="{anchor}">',
        *head,
        '<div class="pair">',
        f'<img src="{figure_path(family, figure)}" alt="{_esc(figure.title)}">',
        '<div class="numbers">',
        *_table(figure.table),
        *_definitions(figure.table.columns, definitions),
        "</div>",
        "</div>",
        "</section>",
    ]


def _definitions(columns: Iterable[str], definitions: Mapping[str, str]) -> list[str]:
    """What each column means, in the table's order (the shared columns are defined at the top).

    Every column a family shows must be defined in its module (tests/test_report_pages.py reads
    every table of a page with all five families); one without is left out here, not guessed.
    """
    own = [
        column
        for column in columns
        if (definitions is COMMON_COLUMNS or column not in COMMON_COLUMNS) and column in definitions
    ]
    if not own:
        return []
    items = "".join(f"<dt>{_esc(column)}</dt><dd>{_esc(definitions[column])}</dd>" for column in own)
    return [f'<dl class="columns">{items}</dl>']


def _table(table: Table) -> list[str]:
    notes = list(dict.fromkeys(cell.no_interval for row in table.rows for cell in row if cell.no_interval))
    lines = [
        "<table>",
        "<thead><tr>" + "".join(f"<th>{_esc(column)}</th>" for column in table.columns) + "</tr></thead>",
        '<tbody class="measured">',
        *(_row(row, notes) for row in table.rows),
        "</tbody>",
    ]
    if table.paper_rows:
        lines += [
            '<tbody class="paper">',
            f'<tr><th colspan="{len(table.columns)}">'
            f"Published in the paper: {_esc(table.paper_source)}</th></tr>",
            *(_row(row) for row in table.paper_rows),
            "</tbody>",
        ]
    lines.append("</table>")
    if notes:
        listed = "; ".join(f"[{number}] {_esc(note)}" for number, note in enumerate(notes, start=1))
        lines.append(f'<p class="interval-notes">No 95 % interval: {listed}.</p>')
    return lines


def _row(cells: Sequence, notes: Sequence[str] = ()) -> str:
    parts = []
    for cell in cells:
        if cell.value is None:
            parts.append(f"<td>{_esc(cell.text)}</td>")
        elif cell.no_interval:
            # A null interval is shown as such: "no interval [k]", its reason [k] under the table.
            marker = f"no interval [{list(notes).index(cell.no_interval) + 1}]"
            parts.append(
                f'<td class="num" data-value="{cell.value!r}" data-interval="{marker}" '
                f'title="{_esc(cell.no_interval)}">{_esc(cell.text)}</td>'
            )
        elif cell.interval is None:
            parts.append(f'<td class="num" data-value="{cell.value!r}">{_esc(cell.text)}</td>')
        else:
            # The stylesheet shows the interval (data-interval): the cell's text stays the number.
            low, high = cell.interval
            parts.append(
                f'<td class="num" data-value="{float(cell.value)!r}" data-low="{low!r}" data-high="{high!r}" '
                f'data-interval="{_esc(cell.interval_text)}">{_esc(cell.text)}</td>'
            )
    return "<tr>" + "".join(parts) + "</tr>"


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


STYLE = """\
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1500px; padding: 0 24px 48px; }
h1 { margin-top: 24px; }
h2 { border-bottom: 2px solid #ddd; padding-bottom: 4px; margin-top: 40px; }
h3 { margin: 28px 0 2px; }
.definition { margin: 0 0 10px; color: #444; }
.flag { background: #fff1e6; border-left: 4px solid #d55e00; padding: 8px 12px; }
.missing { color: #666; font-style: italic; }
.pair { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
.pair img { max-width: 100%; height: auto; flex: 0 1 auto; }
.numbers, .overview { overflow-x: auto; }
table { border-collapse: collapse; font-size: 12px; }
th, td { padding: 2px 8px; border-bottom: 1px solid #e4e4e4; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num[data-interval]::after { content: attr(data-interval); display: block; font-size: 10px; color: #777; }
tbody.paper td { background: #f3efe4; font-style: italic; }
tbody.paper th { background: #e9e2cf; font-weight: normal; font-size: 11px; }
ul.contents { display: flex; gap: 16px; list-style: none; padding: 0; }
dl.columns { margin: 6px 0 0; font-size: 12px; color: #444; max-width: 900px; }
dl.columns dt { display: inline; font-weight: 600; }
dl.columns dt::after { content: ": "; }
dl.columns dd { display: inline; margin: 0; }
dl.columns dd::after { content: ""; display: block; margin-bottom: 2px; }
p.interval-notes { margin: 4px 0 0; font-size: 11px; color: #666; max-width: 900px; }
"""
