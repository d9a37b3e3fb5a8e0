export const samplesKey = ['samples'] as const;
