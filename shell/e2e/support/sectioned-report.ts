/*
 * A report under Markdown headings (issue 28, what the summary left out): six sections of
 * unequal weight, so that a short summary draws on some of them and leaves others out.
 */
export const SECTIONED_REPORT = `# Harbour condition survey 2026

The harbour board surveyed the quays, the fish market and the ferry terminal between March and May. The survey found the harbour in fair condition overall, with three quays and the ferry ramp in need of urgent repair. The board will spend 4.2 million euros on repairs over the next five years.

## Background

The last full survey of the harbour was made in 2014. Since then ferry traffic has doubled, and the heavier ferries that now call at the terminal put more load on the ramp and the eastern quays.

## Methods

Inspectors walked every quay twice and measured each crack in the concrete with steel gauges. Divers filmed the piles below the waterline at low tide, and engineers tested twelve core samples from the quay decks.

## Results

Three quays need repairs within two years, and the ferry ramp needs a new hinge before the winter. The core samples showed salt damage in the eastern quays, where the concrete is oldest. The fish market roof leaks in two places, and its drains are blocked. The harbour board found the ferry terminal in good order, with new lifts and a dry roof.

## Limitations

The divers could not reach the piles under the fish market, where the water is too shallow at low tide.

## Funding

The city and the port authority will share the cost of the repairs over five years, and the board will apply for a national grant for the ferry ramp.
`;
