import embed from 'vega-embed';

/**
 * The chart library, a bundle of its own (vega.js, about 1 MB) that the page
 * loads only when it has a chart to draw, so the form is usable at once.
 */
(globalThis as unknown as { vegaEmbed: typeof embed }).vegaEmbed = embed;
