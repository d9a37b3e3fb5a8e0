/** Query keys of the import page. */
export const IMPORTS_KEY = ['imports'] as const;
export const importKey = (id: number) => ['imports', 'one', id] as const;
