import { loadManifest, runFile } from '/work/main/test/menu-corpus/run.ts';
const names = process.argv.slice(2);
for (const e of loadManifest().files.filter((f) => names.some((n) => f.file.includes(n)))) {
  const r = await runFile(e);
  console.log('==', e.file, r.refused ?? '');
  for (const m of r.score?.misses ?? []) console.log('  ', m);
}
