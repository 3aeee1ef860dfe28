// Chunks of the light public entry (src/app/public-root.tsx). Left to the
// automatic splitting, the login loaded about 40 files and the pre-registration page 50 (one per
// Mantine component shared by a different set of routes): on a phone's HTTP/1.1 connections
// (six at a time) each wave of requests costs a round trip, and Lighthouse counted seconds of it.
// Here the code the public pages load at once goes into three chunks: `public-core` (the root,
// the login and password pages), `public-visit` (what the pre-registration page adds before its
// first paint) and `public-form` (its form, run after that paint). Code that the
// entry chunk or the kiosk's first load needs is left where it is, so neither grows.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { CodeSplittingGroup, OutputBundle, OutputChunk } from 'rolldown';
import type { LightChunkGroup } from '../domain/public-paths';

type Info = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
type GetInfo = (id: string) => Info;

const ROOT = process.cwd();
const at = (path: string) => resolve(ROOT, path);
const MAIN = at('src/main.tsx');
const KIOSK = at('src/app/kiosk-root.tsx');
/** The public root and the pages it opens, by group (src/app/public-pages.ts lazy-loads them). */
const CORE = [
  'src/app/public-root.tsx',
  'src/app/public-pages.ts',
  'src/features/auth/components/login-page.tsx',
  'src/features/auth/components/forgot-password-page.tsx',
  'src/features/auth/components/reset-password-page.tsx',
].map(at);
const VISIT = [
  'src/features/preregistration/components/forwarders.tsx',
  'src/features/preregistration/components/pre-registration-page.tsx',
].map(at);
/** The visitor's form and the QR page: `public-form`, preloaded with `visit` but run only after
 * the pre-registration page's first paint (it imports the form itself once it has painted). */
const FORM = [
  'src/features/preregistration/components/visit-form.tsx',
  'src/features/preregistration/components/success-page.tsx',
].map(at);

/** Every module reachable from `roots` through static imports (what loads with them), or through
 * dynamic ones too. */
function closure(info: GetInfo, roots: string[], dynamic = false): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    const module = info(id);
    if (!module) continue;
    seen.add(id);
    queue.push(...module.importedIds, ...(dynamic ? module.dynamicallyImportedIds : []));
  }
  return seen;
}

/** Libraries the public chunks may take: the component library and what it builds on. Others
 * (i18n, storage, validation) are shared with the kiosk's first load and stay in their chunks. */
const UI_LIBRARY =
  /node_modules[\\/](@mantine[\\/](core|hooks|notifications|store)|@floating-ui|react-router|react-router-dom|clsx|react-textarea-autosize|use-composed-ref|use-isomorphic-layout-effect|use-latest|tabbable|react-transition-group|react-remove-scroll|react-remove-scroll-bar|tslib|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|@babel[\\/]runtime)[\\/]/;
/** Mantine's index re-exports every component: a static walk through it would take all of them
 * (and with them whatever the admin screens use). Through the index, only the components the
 * public pages render are followed (public-styles.css lists those with styles); their own
 * imports are followed whole, so each chunk holds its dependencies (a chunk outside that imports
 * back from a public chunk makes a cycle, and a module may then run before one it needs). */
const BARREL = /@mantine[\\/](core|hooks)[\\/]esm[\\/]index\.mjs$/;
const words = (list: string) => new Set(list.split(/\s+/));
/** Rendered by the login and password pages (and the public root), and by the pre-registration
 * page before its form; the rest of the form controls come with the form (`public-form`). The language menu (Menu, Popover, FocusTrap, Floating)
 * loads on first use (src/ui/language-menu.tsx). */
const CORE_COMPONENTS = words(`Alert Anchor Box Button Center CloseButton Container Group Image Input InputBase
  Loader LoadingOverlay Notification Overlay Paper PasswordInput Portal Stack Text TextInput Title Transition UnstyledButton
  VisuallyHidden ActionIcon`);
const VISIT_COMPONENTS = words('Checkbox Combobox InlineInput Radio ScrollArea Select Switch Textarea');
const MANTINE_COMPONENT = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]([A-Za-z]+)[\\/]/;
const throughBarrel = (components: Set<string>) => (id: string) => {
  const component = MANTINE_COMPONENT.exec(id);
  return !component || components.has(component[1]!);
};

/** The modules a group takes: reachable from `roots` by static imports, without entering `skip`. */
function walk(info: GetInfo, roots: string[], skip: (id: string) => boolean, components: Set<string>): Set<string> {
  const through = throughBarrel(components);
  const seen = new Set<string>();
  const taken = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const barrel = BARREL.test(id);
    // A barrel another group took is still walked through, to the components this group adds.
    if (skip(id) && !barrel) continue;
    const module = info(id);
    if (!module) continue;
    if (!skip(id)) taken.add(id);
    queue.push(...(barrel ? module.importedIds.filter(through) : module.importedIds));
  }
  return taken;
}

/** What the server names as preloads in a light page's HTML (server/http/static.ts). */
export const LIGHT_PRELOAD_FILE = 'light-preload.json';
export type LightPreload = Record<LightChunkGroup, { scripts: string[]; styles: string[] }>;

/** A group's chunk and the chunks it imports statically, without those the entry loads anyway:
 * preloaded, they download beside the entry instead of after it has run (one round trip less). */
function preloadOf(bundle: OutputBundle, names: string[]): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const entryLoads = new Set(entry ? [entry.fileName, ...entry.imports] : []);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const queue = chunks.filter((c) => names.includes(c.name)).map((c) => c.fileName);
  while (queue.length) {
    const file = queue.shift()!;
    if (entryLoads.has(file) || scripts.includes(`/${file}`)) continue;
    const chunk = byFile.get(file);
    if (!chunk) continue;
    scripts.push(`/${file}`);
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
    for (const style of css ?? []) styles.add(`/${style}`);
    queue.push(...chunk.imports);
  }
  return { scripts, styles: [...styles] };
}

export interface LightChunks {
  plugin: Plugin;
  /** For build.rolldownOptions.output.codeSplitting.groups. */
  groups: CodeSplittingGroup[];
}

export function lightChunks(): LightChunks {
  let core = new Set<string>();
  let visit = new Set<string>();
  let form = new Set<string>();
  const plugin: Plugin = {
    name: 'gatehouse-light-chunks',
    apply: 'build',
    buildEnd() {
      const info: GetInfo = (id) => this.getModuleInfo(id);
      // Never taken: the entry chunk's modules, the kiosk's (everything it may load; a kiosk
      // screen must never pull a public chunk) and libraries outside the UI kit.
      const entry = closure(info, [MAIN]);
      const kiosk = closure(info, [KIOSK], true);
      const skip = (id: string) =>
        entry.has(id) || (id.includes('node_modules') ? !UI_LIBRARY.test(id) : kiosk.has(id));
      core = walk(info, CORE, skip, CORE_COMPONENTS);
      // The page before its form renders only core components; the form brings the rest.
      visit = walk(info, VISIT, (id) => skip(id) || core.has(id), CORE_COMPONENTS);
      const formComponents = new Set([...CORE_COMPONENTS, ...VISIT_COMPONENTS]);
      form = walk(info, FORM, (id) => skip(id) || core.has(id) || visit.has(id), formComponents);
      if (process.env.LIGHT_CHUNKS_DEBUG) {
        const left = (group: Set<string>) =>
          [...new Set([...group].flatMap((id) => info(id)?.importedIds ?? []))].filter(
            (id) => !group.has(id) && !entry.has(id) && !core.has(id),
          );
        console.log('light chunks: core', core.size, 'visit', visit.size, 'form', form.size);
        console.log('core imports outside:', left(core).join('\n  '));
        console.log('visit imports outside:', left(visit).join('\n  '));
      }
    },
    generateBundle(_options, bundle) {
      const preload: LightPreload = {
        core: preloadOf(bundle, ['public-core']),
        visit: preloadOf(bundle, ['public-core', 'public-visit', 'public-form']),
      };
      this.emitFile({ type: 'asset', fileName: LIGHT_PRELOAD_FILE, source: JSON.stringify(preload) });
    },
  };
  return {
    plugin,
    groups: [
      { name: 'public-core', test: (id) => core.has(id), priority: 3, includeDependenciesRecursively: false },
      { name: 'public-visit', test: (id) => visit.has(id), priority: 2, includeDependenciesRecursively: false },
      { name: 'public-form', test: (id) => form.has(id), priority: 1, includeDependenciesRecursively: false },
    ],
  };
}
