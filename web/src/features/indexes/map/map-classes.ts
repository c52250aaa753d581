/** The CSS class of a map legend class ("Very High" → "map-fill-very-high"); the colours are design tokens. */
export const mapClass = (category: string) => `map-fill-${category.toLowerCase().replace(/[^a-z]+/g, '-')}`;
