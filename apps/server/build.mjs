// Bundles the server into dist/main.js (and its workers, dist/excel-worker.js, dist/image-worker.js, dist/proforma-worker.js, dist/import-worker.js and dist/linesheet-worker.js): our workspace packages (TypeScript sources) are
// inlined; npm dependencies stay external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@vitrine/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    // Workbooks are built in a worker thread, which loads its own file.
    'excel-worker': 'src/modules/samples/samples.excel-worker.ts',
    // Picture decoding, ORB and vocabulary learning for image search, likewise.
    'image-worker': 'src/modules/image-search/image-search.worker.ts',
    // Proforma invoices (pictures converted, PDF laid out), likewise.
    'proforma-worker': 'src/modules/orders/proforma/proforma.worker.ts',
    // The catalogue import's spreadsheets, zips and pictures, likewise (decision 0055).
    'import-worker': 'src/modules/catalog-import/import.worker.ts',
    // Linesheets (decision 0061), likewise.
    'linesheet-worker': 'src/modules/linesheet/linesheet.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
