"""A printable walkthrough: one self-contained HTML file.

Inline SVG and inline CSS only: no script, no external URL, nothing fetched.
The page holds the puzzle, a legend, then every step as a card (a diagram of
the state before the step with its conclusions and premises drawn, and its
sentence). Runs of consecutive trivial steps of one technique become one card
with a summary diagram and a ``<details>`` that lists and draws each of its
steps. A hypothesis card shows the assumption, the numbered chain of its proof
(nested proofs nested), the branch at the contradiction and the conclusion.
The page ends with the final grid, the grade and a histogram of techniques.

Machine-readable hooks: every top-level card is ``<li class="step ...">`` with
``data-steps="N ..."`` (1-based walkthrough numbers it stands for); each step
drawn inside a run is ``<li class="substep" data-step="N">``.
"""
from __future__ import annotations

from html import escape
from typing import Any

from deduce.kind import Kind
from deduce.solver import Result
from deduce.state import State
from deduce.step import Step
from deduce.wording import counted

from explain.runs import (Group, branch_state, group_steps, histogram, run_summary,
                          states_before, technique_name)
from explain.svg import cell_size, grid_svg, legend_svg, marks_svg, step_svg
from explain.window import focus_window, step_marks, window_name

CSS = """
:root { --ink: #212529; --muted: #6c757d; --line: #dee2e6; --accent: #e8590c;
        --diagram: %(diagram)s; --big: %(big)s; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font: 10.5pt/1.42 "Helvetica Neue", Helvetica, Arial, sans-serif; color: var(--ink);
       max-width: 200mm; margin: 0 auto; padding: 10mm 8mm; background: #fff; }
h1 { font-size: 19pt; margin: 0 0 1mm; }
h2 { font-size: 13pt; margin: 7mm 0 2.5mm; border-bottom: 0.4mm solid var(--ink);
     padding-bottom: 1mm; break-after: avoid; page-break-after: avoid; }
.meta { color: var(--muted); margin: 0 0 4mm; }
.opening { display: flex; gap: 8mm; align-items: flex-start; }
.opening svg.diagram { width: var(--big); height: auto; flex: none; }
.legend { list-style: none; padding: 0; margin: 0; columns: 2; column-gap: 6mm;
          font-size: 9pt; }
.legend li { display: flex; align-items: center; gap: 2mm; margin: 0 0 1.2mm;
             break-inside: avoid; }
.legend svg { flex: none; }
ol.steps { list-style: none; padding: 0; margin: 0; display: grid;
           grid-template-columns: 1fr 1fr; gap: 3mm 4mm; align-items: start; }
li.step { border: 0.3mm solid var(--line); border-radius: 1.8mm; padding: 2.5mm;
          break-inside: avoid; page-break-inside: avoid; }
li.step.wide { grid-column: 1 / -1; }
.card { display: flex; gap: 3mm; align-items: flex-start; }
.card > figure, figure.branch { margin: 0; flex: none; }
figure svg.diagram { width: var(--diagram); height: auto; display: block; }
figcaption { font-size: 8pt; color: var(--muted); max-width: var(--diagram); margin-top: 1mm; }
.head { font-weight: 600; margin: 0 0 1mm; }
.num { display: inline-block; min-width: 7mm; padding: 0 1.2mm; margin-right: 1mm;
       border-radius: 1mm; background: var(--ink); color: #fff; text-align: center;
       font-variant-numeric: tabular-nums; font-size: 9pt; }
.tier { color: var(--muted); font-weight: 400; font-size: 8.5pt; }
.text p { margin: 0 0 1.2mm; }
li.step.run { background: #f8f9fa; }
details { margin-top: 2mm; }
summary { cursor: pointer; color: var(--muted); font-size: 9pt; }
ol.substeps { list-style: none; padding: 0; margin: 2mm 0 0; display: grid;
              grid-template-columns: 1fr; gap: 2mm; }
li.substep { break-inside: avoid; page-break-inside: avoid; background: #fff;
             border: 0.3mm solid var(--line); border-radius: 1.5mm; padding: 2mm; }
li.substep figure svg.diagram { width: calc(var(--diagram) * 0.8); }
.hyp-body { display: flex; gap: 5mm; flex-wrap: wrap; align-items: flex-start; }
.hyp-body > .text { flex: 1 1 70mm; }
.hyp-figs { display: flex; gap: 4mm; flex-wrap: wrap; align-items: flex-start; }
.hyp-figs figure { margin: 0; }
.assume { font-weight: 600; color: #5f3dc4; }
.contradiction { color: #c92a2a; }
.conclusion { font-weight: 600; }
ol.proof { list-style: none; margin: 1mm 0 1.5mm; padding-left: 0; font-size: 9pt; }
ol.proof ol.proof { padding-left: 5mm; border-left: 0.4mm solid #d0bfff; margin-left: 1mm; }
ol.proof li { margin: 0.6mm 0; }
ol.proof .pnum { font-variant-numeric: tabular-nums; font-weight: 600; color: #5f3dc4;
                 margin-right: 1mm; }
.tag { font-family: "SFMono-Regular", Menlo, Consolas, monospace; font-size: 8pt;
       color: #0b7285; }
.final { display: flex; gap: 8mm; align-items: flex-start; break-inside: avoid;
         page-break-inside: avoid; }
.final svg.diagram { width: var(--big); height: auto; flex: none; }
.grade { font-size: 13pt; font-weight: 700; margin: 0 0 2mm; }
table.histogram { border-collapse: collapse; font-size: 9pt; width: 100%%; }
table.histogram td, table.histogram th { padding: 0.6mm 1.5mm; text-align: left;
                                         border-bottom: 0.2mm solid var(--line); }
table.histogram td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.barcell { width: 38%%; }
.bar { display: block; height: 2.6mm; background: var(--accent); border-radius: 0.5mm; }
@page { size: auto; margin: 12mm 11mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 9.5pt; }
  li.step, li.substep { border-color: #bbb; }
  summary { color: var(--ink); }
}
@media (max-width: 150mm) {
  ol.steps, ol.substeps { grid-template-columns: 1fr; }
  .opening, .final, .hyp-body { flex-direction: column; }
}
"""

LEGEND_TEXT = {
    "conclusion": "what the step concludes (dark: {w1}, light with a dot: {w0})",
    "premise": "a cell the step looked at",
    "island": "an island the step uses",
    "square": "a 2×2 square",
    "wall": "a group of {w1} cells (wall)",
    "area": "the cells an island can reach",
    "choice": "the cells one of which is taken",
    "assumption": "the assumed cell of a hypothesis",
    "branch": "cells decided inside a hypothesis branch",
    "contradiction": "where the branch breaks a rule",
}


def _tag(step: Step) -> str:
    return escape(step.technique + (f" d{step.depth}" if step.depth else ""))


def _head(kind: Kind, number: str, step_or_tech: Step | str, extra: str = "") -> str:
    tid = step_or_tech if isinstance(step_or_tech, str) else step_or_tech.technique
    tier = "" if isinstance(step_or_tech, str) else f' <span class="tier">tier {step_or_tech.tier}</span>'
    return (f'<p class="head"><span class="num">{escape(number)}</span>'
            f'{escape(technique_name(kind, tid))}{tier}{extra}</p>')


class HtmlWalkthrough:
    def __init__(self, kind: Kind, puzzle: Any, result: Result, min_run: int = 2,
                 expand: bool = False):
        self.kind, self.puzzle, self.result = kind, puzzle, result
        self.expand = expand
        self.before = states_before(kind, puzzle, result.steps)
        self.groups = group_steps(result.steps, min_run)
        rows, cols = kind.shape(puzzle)
        self.size = cell_size((rows, cols), target=150)
        # diagram widths in mm: about 4.4 mm a cell, bounded for tiny and huge grids
        longest = max(rows, cols, 1)
        self.diagram_mm = max(32.0, min(64.0, 4.9 * longest))
        self.big_mm = max(50.0, min(110.0, 8.0 * longest))

    # -- pieces ------------------------------------------------------------
    def svg_step(self, before: State, step: Step, title: str, window=None) -> str:
        return self.fit(step_svg(self.kind, self.puzzle, before, step, title=title,
                                 size=self.size, standalone=False, window=window), window)

    def window(self, marked) -> tuple[int, int, int, int] | None:
        """The part of a big grid to draw around ``marked`` (None: all of it)."""
        return focus_window(self.kind, self.puzzle, marked)

    @staticmethod
    def fit(svg: str, window) -> str:
        """A part of the grid keeps the cells' size on the page: a part taller
        than wide is drawn narrower than a whole diagram (not taller)."""
        if window is None:
            return svg
        r0, c0, r1, c1 = window
        share = (c1 - c0 + 1) / max(r1 - r0 + 1, c1 - c0 + 1)
        if share < 1:
            svg = svg.replace("<svg ", f'<svg style="width: calc(var(--diagram) * {share:.2f})" ', 1)
        return svg

    @staticmethod
    def where(window) -> str:
        return "" if window is None else window_name(window)

    def figure(self, svg: str, caption: str = "", window=None) -> str:
        caption = ". ".join(t for t in (self.where(window), caption) if t)
        cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
        return f"<figure>{svg}{cap}</figure>"

    def plain_card(self, n: int, step: Step) -> str:
        before = self.before[n - 1]
        window = self.window(step_marks(step))
        svg = self.svg_step(before, step, f"Step {n}: {step.technique}", window)
        return (f'<div class="card">{self.figure(svg, window=window)}<div class="text">'
                f'{_head(self.kind, str(n), step)}<p>{escape(step.text)}</p></div></div>')

    def run_card(self, group: Group) -> str:
        first, last = group.first + 1, group.last + 1
        before = self.before[group.first]
        window = self.window([m for step in group.steps for m in step_marks(step)])
        svg = self.fit(marks_svg(self.kind, self.puzzle, before, conclusions=group.conclusions,
                                 premises=group.premises, regions=group.regions,
                                 title=f"Steps {first}-{last}: {group.technique}",
                                 size=self.size, standalone=False, window=window), window)
        extra = f' <span class="tier">×{len(group.steps)}, tier {group.steps[0].tier}</span>'
        head = (f'<p class="head"><span class="num">{first}–{last}</span>'
                f'{escape(technique_name(self.kind, group.technique))}{extra}</p>')
        subs = []
        for k, step in enumerate(group.steps):
            n = group.first + k + 1
            subs.append(f'<li class="substep" data-step="{n}">{self.plain_card(n, step)}</li>')
        return (f'<div class="card">{self.figure(svg, window=window)}<div class="text">{head}'
                f'<p>{escape(run_summary(self.kind, group))}</p></div></div>'
                f'<details{" open" if self.expand else ""}><summary>Show the {len(group.steps)} steps one by one</summary>'
                f'<ol class="substeps">{"".join(subs)}</ol></details>')

    def proof_list(self, step: Step, prefix: str) -> str:
        """The numbered chain of a proof, nested proofs nested."""
        items = []
        for k, sub in enumerate(step.proof, 1):
            num = f"{prefix}.{k}"
            inner = ""
            if sub.proof:
                inner = self.proof_list(sub, num)
            if sub.contradiction and not sub.proof and sub.technique == "assume":
                inner += f'<p class="contradiction">{escape(sub.contradiction)}</p>'
            items.append(f'<li><span class="pnum">{escape(num)}</span>'
                         f'<span class="tag">[{_tag(sub)}]</span> {escape(sub.text)}{inner}</li>')
        if not items:
            return '<ol class="proof"><li><span class="tag">(nothing follows)</span></li></ol>'
        return f'<ol class="proof">{"".join(items)}</ol>'

    def branch_figure(self, before: State, step: Step, caption: str,
                      agreement=(), window=None, branch: State | None = None) -> str:
        if branch is None:
            branch = branch_state(before, step)
        decided = self.decided(before, branch)
        # a hypothesis records (assumed cell,) + the cells that show the contradiction
        contradiction = step.premises[1:] if step.contradiction else ()
        svg = self.fit(marks_svg(self.kind, self.puzzle, branch, branch=decided,
                                 assumption=step.assumption, contradiction=contradiction,
                                 agreement=agreement, title=caption, size=self.size,
                                 standalone=False, window=window), window)
        caption = ". ".join(t for t in (self.where(window), caption) if t)
        return f'<figure class="branch">{svg}<figcaption>{escape(caption)}</figcaption></figure>'

    @staticmethod
    def decided(before: State, branch: State) -> dict[int, int]:
        """What a hypothesis's branch decided: {unknown: value}."""
        return {i: branch.value(i) for i in range(branch.n)
                if before.value(i) is None and branch.value(i) is not None}

    def hypothesis_card(self, n: int, step: Step) -> str:
        kind, puzzle = self.kind, self.puzzle
        before = self.before[n - 1]
        # one part of the grid for the step and its branches, to compare them
        sides = [b for b in ((step,) if step.assumption is not None else step.proof)
                 if b.assumption is not None]
        branches = {id(b): branch_state(before, b) for b in sides}
        marked = step_marks(step)
        for b in sides:
            marked.extend(self.decided(before, branches[id(b)]))
            marked.extend(b.premises)
        window = self.window(marked)
        svg = self.svg_step(before, step, f"Step {n}: {step.text}", window)
        parts = [_head(kind, str(n), step)]
        figures = []
        if step.assumption is not None:
            i, v = step.assumption
            name = kind.cell_name(puzzle, i)
            parts.append(f'<p class="assume">Suppose {escape(name)} is '
                         f'{escape(kind.words[v])}. Then:</p>')
            parts.append(self.proof_list(step, str(n)))
            if step.contradiction:
                parts.append(f'<p class="contradiction">Contradiction: '
                             f'{escape(step.contradiction)}.</p>')
            parts.append(f'<p class="conclusion">So {escape(name)} is '
                         f'{escape(kind.words[1 - v])}.</p>')
            figures.append(self.branch_figure(
                before, step, f"If {name} were {kind.words[v]}: the branch when it breaks a rule",
                window=window, branch=branches[id(step)]))
        else:  # either-way: two "assume" sub-steps, each with its own chain
            agreed = [i for i, _ in step.conclusions]
            for k, sub in enumerate(step.proof, 1):
                num = f"{n}.{k}"
                parts.append(f'<p class="assume"><span class="pnum">{num}</span> '
                             f'{escape(sub.text)} Then:</p>')
                parts.append(self.proof_list(sub, num))
                if sub.assumption is not None:
                    i, v = sub.assumption
                    figures.append(self.branch_figure(
                        before, sub, f"If {kind.cell_name(puzzle, i)} is {kind.words[v]}",
                        agreement=agreed, window=window, branch=branches[id(sub)]))
            parts.append(f'<p class="conclusion">{escape(step.text)}</p>')
        caption = "Before: the conclusion and the cells it rests on"
        head, parts = parts[0], parts[1:]
        return (f'{head}<div class="hyp-body"><div class="hyp-figs">'
                f'{self.figure(svg, caption, window)}'
                f'{"".join(figures)}</div><div class="text">{"".join(parts)}</div></div>')

    def legend(self) -> str:
        words = {"w0": self.kind.words[0], "w1": self.kind.words[1]}
        roles = {r for s in self.result.steps for r, _ in s.regions}
        hyp = any(s.proof or s.assumption is not None for s in self.result.steps)
        items = []
        # a kind drawn its own way says what its marks are (Pipes: edges, Nurimeizu: rooms)
        texts = {**LEGEND_TEXT, **getattr(self.kind.drawing, "legend_text", {})}
        for role, text in texts.items():
            if role in ("island", "square", "wall", "area", "choice") and role not in roles:
                continue
            if role in ("assumption", "branch", "contradiction") and not hyp:
                continue
            swatch = legend_svg(role, standalone=False)
            if role == "conclusion" and not self.kind.tile_regions:  # (Pipes: a pipe or a tick)
                swatch += legend_svg("conclusion-white", standalone=False)
            items.append(f"<li>{swatch}"
                         f"<span>{escape(text.format(**words))}</span></li>")
        return f'<ul class="legend">{"".join(items)}</ul>'

    def final(self) -> str:
        r = self.result
        g = r.grade
        svg = grid_svg(self.kind, self.puzzle, r.state, title="Final grid",
                       size=cell_size(self.kind.shape(self.puzzle), target=260),
                       standalone=False)
        verdict = escape(r.verdict) + (f" ({escape(r.reason)})" if r.reason else "")
        rows = histogram(r.steps)
        most = max((c for _, _, c in rows), default=1)
        table = "".join(
            f'<tr><td>{escape(technique_name(self.kind, t))}</td><td class="n">{tier}</td>'
            f'<td class="n">{c}</td><td class="barcell"><span class="bar" '
            f'style="width:{100 * c / most:.0f}%">'
            f'</span></td></tr>' for t, tier, c in rows)
        nested = sum(s.nested_steps() for s in r.steps)
        return (f'<h2>Result</h2><div class="final">{svg}<div>'
                f'<p class="grade">Level {g.level} · {escape(g.name)}</p>'
                f'<p>Verdict: {verdict}. {counted(g.steps, "step")} ({nested} counting the steps inside '
                f'hypotheses); hardest tier {g.max_tier}, hypothesis depth {g.max_depth}, '
                f'effort score {g.score}.</p>'
                f'<table class="histogram"><thead><tr><th>technique</th><th>tier</th>'
                f'<th>steps</th><th></th></tr></thead><tbody>{table}</tbody></table>'
                f'</div></div>')

    @property
    def reading(self) -> str:
        return f"Unknown cells are grey, {self.kind.words[0]} cells carry a small dot."

    # -- the page ----------------------------------------------------------
    def render(self) -> str:
        kind, puzzle, r = self.kind, self.puzzle, self.result
        rows, cols = kind.shape(puzzle)
        ident = getattr(puzzle, "id", "") or ""
        title = f"{kind.name.capitalize()} {ident}".strip()
        cards = []
        for group in self.groups:
            numbers = " ".join(str(k + 1) for k in range(group.first, group.last + 1))
            step = group.steps[0]
            if group.is_run:
                body, cls = self.run_card(group), "step run"
            elif step.proof or step.assumption is not None:
                body, cls = self.hypothesis_card(group.first + 1, step), "step hypothesis wide"
            else:
                body, cls = self.plain_card(group.first + 1, step), "step"
            cards.append(f'<li class="{cls}" id="step-{group.first + 1}" '
                         f'data-technique="{escape(group.technique)}" '
                         f'data-steps="{numbers}">{body}</li>')
        puzzle_svg = grid_svg(kind, puzzle, self.before[0], title="The puzzle",
                              size=cell_size((rows, cols), target=260), standalone=False)
        g = r.grade
        css = CSS % {"diagram": f"{self.diagram_mm:.0f}mm", "big": f"{self.big_mm:.0f}mm"}
        return (
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)} — walkthrough</title><style>{css}</style></head><body>"
            f"<h1>{escape(title)}</h1>"
            f'<p class="meta">{rows}×{cols} · {escape(r.verdict)} · level {g.level} '
            f"{escape(g.name)} · {counted(g.steps, 'step')}</p>"
            f'<div class="opening">{puzzle_svg}<div><h2 style="margin-top:0">How to read the '
            f"diagrams</h2><p>Each diagram shows the grid before the step. "
            f"{escape(getattr(kind.drawing, 'reading', None) or self.reading)}</p>{self.legend()}"
            f"</div></div>"
            f"<h2>Walkthrough</h2><ol class=\"steps\">{''.join(cards)}</ol>"
            f"{self.final()}</body></html>\n")


def walkthrough_html(kind: Kind, puzzle: Any, result: Result, min_run: int = 2,
                     expand: bool = False) -> str:
    """The whole printable page for a solved (or stuck) walkthrough.

    ``expand``: open every summarised run (its steps are then printed too).
    """
    return HtmlWalkthrough(kind, puzzle, result, min_run, expand).render()
