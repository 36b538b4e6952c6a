import type { Settings } from '../../ops/settings.ts';
import { DeepLTranslator } from './deepl.ts';
import { LibreTranslateTranslator } from './libretranslate.ts';
import type { MachineTranslator, ProviderName } from './translator.ts';

/**
 * Which provider machine translation uses, from the settings' `machineTranslation` section (its
 * defaults are DEEPL_* / LIBRETRANSLATE_* of the environment; what a superuser saves in the
 * console wins). DeepL first when both are set and no provider is chosen; null = none at all.
 */
export function configuredProvider(s: Settings['machineTranslation']): ProviderName | null {
  if (s.provider === 'off') return null;
  if (s.provider === 'deepl') return s.deeplApiKey ? 'deepl' : null;
  if (s.provider === 'libretranslate') return s.libreTranslateUrl ? 'libretranslate' : null;
  if (s.deeplApiKey) return 'deepl';
  if (s.libreTranslateUrl) return 'libretranslate';
  return null;
}

/** The translator to use, or null: without a provider the staff app shows no "Translate" button. */
export function configuredTranslator(s: Settings['machineTranslation']): MachineTranslator | null {
  const provider = configuredProvider(s);
  if (provider === 'deepl') return new DeepLTranslator({ apiKey: s.deeplApiKey, apiUrl: s.deeplApiUrl.replace(/\/+$/, '') || undefined });
  if (provider === 'libretranslate')
    return new LibreTranslateTranslator({ url: s.libreTranslateUrl.replace(/\/+$/, ''), apiKey: s.libreTranslateApiKey || undefined });
  return null;
}
