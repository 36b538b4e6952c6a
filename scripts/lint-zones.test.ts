import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import zones of eslint.config.js, checked through ESLint's own API: flat config replaces a
 * rule's options when a later block matches the same file, so a zone can silently vanish.
 * Each case plants one import in a (virtual) file and expects `no-restricted-imports` (import
 * specifiers) or `import/no-restricted-paths` (resolved files: the web feature folders) to fire.
 * The web cases import files that exist, since that rule resolves them.
 */
const ZONE_RULES = new Set(['no-restricted-imports', 'import/no-restricted-paths']);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

beforeAll(() => {
  // Only the zone rule runs: the probe files do not exist, which import/no-cycle cannot handle.
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ZONE_RULES.has(ruleId) });
});

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && ZONE_RULES.has(m.ruleId)).map((m) => m.message);
}

describe('eslint import zones', () => {
  it.each([
    ['server/core/filter/zone-probe.ts', "import { x } from '../../modules/rules.ts';\nexport { x };\n", 'core/ knows collections'],
    ['server/core/filter/zone-probe.ts', "import { x } from '../../routes/list-params.ts';\nexport { x };\n", 'core/ knows collections'],
    ['server/core/filter/zone-probe.ts', "import { x } from '../../db/open.ts';\nexport { x };\n", 'core/filter is pure'],
    ['server/core/records/zone-probe.ts', "import { x } from '../../routes/list-params.ts';\nexport { x };\n", 'core/ knows collections'],
    ['server/core/records/zone-probe.ts', "import { x } from '../../http/errors.ts';\nexport { x };\n", 'core/ knows collections'],
    ['shared/zone-probe.ts', "import { x } from '../server/app.ts';\nexport { x };\n", 'shared/ imports nothing'],
    ['web/src/zone-probe.ts', "import { x } from '../../server/app.ts';\nexport { x };\n", 'web never imports server'],
    ['web/src/lib/toast.ts', "import { x } from '../../../server/app.ts';\nexport { x };\n", 'web never imports server'],
    ['server/routes/zone-probe.ts', "import { x } from '../db/open.ts';\nexport { x };\n", 'routes call core'],
    // Web features: the later blocks for web/src keep the server ban and the sonner rule.
    ['web/src/features/menus/zone-probe.ts', "import { x } from '../../../../server/app.ts';\nexport { x };\n", 'web never imports server'],
    ['web/src/features/menus/zone-probe.ts', "import { toast } from 'sonner';\nexport { toast };\n", 'web/src/lib/toast.ts'],
    // A feature's components are its own, however the path is spelled.
    [
      'web/src/features/menus/zone-probe.ts',
      "import { TagChip } from '../tags/tag-chip.tsx';\nexport { TagChip };\n",
      'features/menus may not reach into another feature',
    ],
    [
      'web/src/features/uploads/zone-probe.ts',
      "import { ItemRow } from '../../features/menus/item-row.tsx';\nexport { ItemRow };\n",
      'features/uploads may not reach into another feature',
    ],
    [
      'web/src/features/dashboard/zone-probe.test.ts',
      "import { useVenue } from '../venues/use-venues.ts';\nexport { useVenue };\n",
      'features/dashboard may not reach into another feature',
    ],
    [
      'web/src/features/menus/zone-probe.ts',
      "import { AppRoutes } from '../../app/routes.tsx';\nexport { AppRoutes };\n",
      'uses app/paths.ts only',
    ],
    ['web/src/lib/zone-probe.ts', "import { toMenu } from '../features/menus/types.ts';\nexport { toMenu };\n", 'never import a feature'],
    [
      'web/src/components/zone-probe.tsx',
      "import { TagChip } from '../features/tags/tag-chip.tsx';\nexport { TagChip };\n",
      'never import a feature',
    ],
    [
      'server/core/records/zone-probe.ts',
      "import { x } from '../../modules/venues/queries.ts';\nexport { x };\n",
      'core/ knows collections',
    ],
    // Module boundaries resolve the imported file, so these probes import files that exist.
    ['server/modules/venues/zone-probe.ts', "import { x } from '../menus/hooks.ts';\nexport { x };\n", 'only through its queries.ts'],
    [
      'server/modules/guest-menu/zone-probe.ts',
      "import { x } from '../uploads/extract/index.ts';\nexport { x };\n",
      'only through its queries.ts',
    ],
    [
      'server/modules/uploads/extract/zone-probe.ts',
      "import { x } from '../../billing/collection.ts';\nexport { x };\n",
      'only through its queries.ts',
    ],
    // The menu corpus measures the extractor from outside: no server file reads its answers.
    [
      'server/modules/uploads/extract/zone-probe.ts',
      "import { x } from '../../../../test/menu-corpus/truth.ts';\nexport { x };\n",
      'never imports the menu corpus',
    ],
    [
      'server/core/records/zone-probe.ts',
      "import { x } from '../../../test/menu-corpus/score.ts';\nexport { x };\n",
      'never imports the menu corpus',
    ],
    [
      'server/core/filter/zone-probe.ts',
      "import { x } from '../../../test/menu-corpus/score.ts';\nexport { x };\n",
      'never imports the menu corpus',
    ],
    ['server/routes/zone-probe.ts', "import { x } from '../../test/menu-corpus/run.ts';\nexport { x };\n", 'never imports the menu corpus'],
    ['server/app-zone-probe.ts', "import { x } from '../test/menu-corpus/run.ts';\nexport { x };\n", 'never imports the menu corpus'],
  ])('%s: refuses %s', async (file, code, message) => {
    const messages = await restricted(file, code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).toContain(message);
  });

  it.each([
    ['server/core/filter/zone-probe.ts', "import { x } from '../collections.ts';\nexport { x };\n"],
    ['server/core/records/zone-probe.ts', "import { x } from '../filter/compile.ts';\nexport { x };\n"],
    // Filter tests may use a real database.
    ['server/core/filter/zone-probe.test.ts', "import { x } from '../../db/open.ts';\nexport { x };\n"],
    ['server/routes/zone-probe.ts', "import { x } from '../core/records/read.ts';\nexport { x };\n"],
    // A feature uses the generic folders, app/paths.ts, shared/, its own files and other features' public files.
    ['web/src/features/menus/zone-probe.ts', "import { Button } from '../../components/ui/button.tsx';\nexport { Button };\n"],
    [
      'web/src/features/menus/zone-probe.ts',
      "import { PageHeader } from '../../components/page-header.tsx';\nimport { cn } from '../../lib/cn.ts';\nimport { useAuth } from '../../hooks/use-auth.ts';\nexport { PageHeader, cn, useAuth };\n",
    ],
    [
      'web/src/features/menus/zone-probe.ts',
      "import { paths } from '../../app/paths.ts';\nimport { MEMBER_ROLES } from '../../../../shared/constants.ts';\nexport { paths, MEMBER_ROLES };\n",
    ],
    ['web/src/features/menus/zone-probe.ts', "import { ItemRow } from './item-row.tsx';\nexport { ItemRow };\n"],
    ['web/src/features/uploads/zone-probe.ts', "import { toMenu } from '../menus/types.ts';\nexport { toMenu };\n"],
    ['web/src/app/zone-probe.ts', "import { x } from '../features/menus/menus-page.tsx';\nexport { x };\n"],
    ['server/modules/venues/zone-probe.ts', "import { x } from '../menus/queries.ts';\nexport { x };\n"],
    ['server/modules/venues/zone-probe.ts', "import { x } from './hooks.ts';\nexport { x };\n"],
    ['server/modules/venues/zone-probe.ts', "import { x } from '../tenancy.ts';\nexport { x };\n"],
    ['server/modules/uploads/extract/zone-probe.ts', "import { x } from '../pdf.ts';\nexport { x };\n"],
    // The corpus and the bench read the extractor, not the other way round.
    ['test/menu-corpus/zone-probe.ts', "import { x } from '../../server/modules/uploads/extract/index.ts';\nexport { x };\n"],
    ['scripts/zone-probe.ts', "import { x } from '../test/menu-corpus/run.ts';\nexport { x };\n"],
  ])('%s: allows %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });

  it('still refuses core/ zones in filter tests', async () => {
    const messages = await restricted(
      'server/core/filter/zone-probe.test.ts',
      "import { x } from '../../modules/rules.ts';\nexport { x };\n",
    );
    expect(messages.join('\n')).toContain('core/ knows collections');
  });
});
