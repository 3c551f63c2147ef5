/// The HTML report's style sheet, inline in every page (the page may fetch nothing). System
/// fonts only; colours from the system's light or dark scheme; every state that a colour shows
/// (failed, error, accepted) is also written out in words, so the page reads in any colours and
/// printed.
enum HTMLReportStyle {
    static let css: StaticString = """
        :root { color-scheme: light dark; --fg: #1d1f23; --muted: #636a75; --bg: #ffffff; --panel: #f4f5f7; --line: #d7dbe0;
          --error: #b3261e; --error-bg: #fdecea; --warning: #8a5300; --warning-bg: #fff4dc; --note: #1f5fa8; --note-bg: #e8f0fb;
          --ok: #1e7b34; --ok-bg: #e7f5ea; --mark: #ffe27a; }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #e6e8eb; --muted: #9aa3ad; --bg: #16181c; --panel: #20232a; --line: #353a43;
            --error: #ff8a80; --error-bg: #3a1d1c; --warning: #ffcc66; --warning-bg: #362a12; --note: #8ab8ff; --note-bg: #1b2940;
            --ok: #7fd88f; --ok-bg: #173222; --mark: #7a6400; }
        }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 90rem; padding: 1.5rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
          color: var(--fg); background: var(--bg); }
        code, pre, time { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.92em; }
        h1 { margin: 0 0 0.25rem; font-size: 1.6rem; }
        h2 { margin: 2rem 0 0.75rem; font-size: 1.25rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
        h3 { margin: 1.25rem 0 0.5rem; font-size: 1.05rem; overflow-wrap: anywhere; }
        a { color: var(--note); }
        .meta, .hint, .summary-line, footer { color: var(--muted); }
        footer { margin-top: 3rem; font-size: 0.85rem; }
        .verdict { display: inline-block; padding: 0 0.6rem; border-radius: 0.3rem; font-size: 1rem; vertical-align: middle; text-transform: uppercase; }
        .verdict.failed { color: var(--error); background: var(--error-bg); }
        .verdict.passed { color: var(--ok); background: var(--ok-bg); }
        .counts { display: flex; flex-wrap: wrap; gap: 1.5rem; margin: 1rem 0 0.5rem; }
        .group-label { margin: 0 0 0.25rem; color: var(--muted); font-size: 0.8rem; font-weight: 600; text-transform: uppercase; }
        .tally { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0; }
        .tile { min-width: 6.5rem; padding: 0.4rem 0.75rem; background: var(--panel); border: 1px solid var(--line); border-radius: 0.4rem; }
        .tile dt { color: var(--muted); font-size: 0.8rem; }
        .tile dd { margin: 0; font-size: 1.35rem; font-weight: 600; }
        .tile.alarm { border-color: var(--error); }
        .tile.alarm dd { color: var(--error); }
        .tile.warning.alarm dd { color: var(--warning); }
        nav ul { margin: 0.5rem 0; padding-left: 1.25rem; }
        ol.problems, ol.checks { list-style: none; margin: 0; padding: 0; }
        li.problem, li.check { margin: 0 0 0.75rem; padding: 0.5rem 0.75rem; border-left: 4px solid var(--line); background: var(--panel); border-radius: 0 0.4rem 0.4rem 0; }
        li.problem.error, li.check { border-left-color: var(--error); }
        li.problem.warning { border-left-color: var(--warning); }
        li.problem.note { border-left-color: var(--note); }
        li.problem.accepted { opacity: 0.75; border-left-style: dashed; }
        .head { margin: 0 0 0.25rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; }
        .severity, .outcome, .kind { padding: 0 0.4rem; border-radius: 0.25rem; font-size: 0.8rem; font-weight: 600; }
        .severity.error, .outcome.failed { color: var(--error); background: var(--error-bg); }
        .severity.warning { color: var(--warning); background: var(--warning-bg); }
        .severity.note { color: var(--note); background: var(--note-bg); }
        .outcome.ok { color: var(--ok); background: var(--ok-bg); }
        .kind { color: var(--muted); border: 1px solid var(--line); font-weight: 500; }
        .place, .case-name, .where { color: var(--muted); }
        .message, .value, .summary, pre.details { margin: 0.25rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .suppression { margin: 0.25rem 0; color: var(--muted); font-style: italic; }
        pre { margin: 0.4rem 0 0; padding: 0.4rem 0.6rem; background: var(--bg); border: 1px solid var(--line); border-radius: 0.3rem; overflow-x: auto; }
        pre.source { white-space: pre-wrap; overflow-wrap: anywhere; }
        pre.source .line-number { display: inline-block; min-width: 3ch; margin-right: 1ch; padding-right: 1ch; text-align: right; color: var(--muted);
          border-right: 1px solid var(--line); user-select: none; }
        pre.source mark { background: var(--mark); color: inherit; outline: 1px solid var(--warning); }
        .cut { color: var(--muted); }
        p.source.none { margin: 0.25rem 0; color: var(--muted); font-size: 0.9rem; }
        details.scenario { margin: 0 0 1rem; border: 1px solid var(--line); border-radius: 0.4rem; }
        details.scenario.failed { border-color: var(--error); }
        details.scenario > summary { padding: 0.5rem 0.75rem; cursor: pointer; background: var(--panel); overflow-wrap: anywhere; }
        .scenario-name { font-weight: 600; }
        .scroll { overflow-x: auto; }
        table.timeline { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
        table.timeline th, table.timeline td { border-top: 1px solid var(--line); padding: 0.35rem 0.5rem; vertical-align: top; text-align: left; }
        table.timeline thead th { position: sticky; top: 0; background: var(--bg); border-bottom: 2px solid var(--line); }
        table.timeline th.clock { white-space: nowrap; font-weight: normal; }
        table.timeline th.clock.same time { color: var(--muted); }
        table.timeline td.step { white-space: nowrap; color: var(--muted); }
        table.timeline td.step .line { display: block; font-size: 0.8rem; }
        table.timeline th.lane { min-width: 16rem; }
        table.timeline th.lane.system { min-width: 12rem; color: var(--muted); }
        td.event { background: var(--panel); border-left: 3px solid var(--ok); }
        td.event.failed { background: var(--error-bg); border-left: 4px solid var(--error); }
        td.event .what { margin: 0; display: flex; gap: 0.4rem; align-items: baseline; }
        td.event.launch .kind { border-style: dashed; }
        .mismatch { margin-top: 0.4rem; }
        .mismatch .message { font-weight: 600; }
        .sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0.5rem; margin-top: 0.25rem; }
        .sides > div { padding: 0.3rem 0.5rem; border-radius: 0.3rem; background: var(--bg); border: 1px solid var(--line); }
        .sides .expected { border-color: var(--ok); }
        .sides .actual { border-color: var(--error); }
        .sides .label { margin: 0; font-size: 0.75rem; font-weight: 600; text-transform: uppercase; color: var(--muted); }

        """
}
