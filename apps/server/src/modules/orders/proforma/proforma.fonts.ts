import type { LangKey } from '@vitrine/contract';
import { type DocumentLocale, documentLocale, type FontSet, pdfFonts } from '../../../platform/pdf/fonts';
import { PROFORMA_LABELS, type ProformaLabels } from './proforma.labels';

export type ProformaLocale = DocumentLocale<ProformaLabels>;

/** The buyer's language when the embedded fonts set every label of it, else English (decision 0031). */
export const proformaLocale = (language: LangKey, fonts: FontSet = pdfFonts()): ProformaLocale =>
  documentLocale(language, PROFORMA_LABELS, fonts);
