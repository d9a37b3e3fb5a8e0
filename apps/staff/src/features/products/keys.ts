/** Query keys of the catalogue's pages. */
export const PRODUCTS_KEY = ['products'] as const;
export const OPTIONS_KEY = ['products', 'options'] as const;
export const productKey = (id: number) => ['products', 'one', id] as const;
