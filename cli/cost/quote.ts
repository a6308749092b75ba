/** How a report writes a string from the manifest or the catalog: as it is, or escaped for where it goes. */
export type Quote = (text: string) => string;

/** The string as it is, for a report read in a terminal. */
export const asItIs: Quote = (text) => text;
