import type { Config } from '../../config.ts';
import { DeepLTranslator } from './deepl.ts';
import { LibreTranslateTranslator } from './libretranslate.ts';
import type { MachineTranslator, ProviderName } from './translator.ts';

/** The configured provider's name: DeepL first when both are set; null = no machine translation at all. */
export function configuredProvider(config: Pick<Config, 'machineTranslation'>): ProviderName | null {
  if (config.machineTranslation.deepl) return 'deepl';
  if (config.machineTranslation.libreTranslate) return 'libretranslate';
  return null;
}

/** The translator to use, or null: without a provider the staff app shows no "Translate" button. */
export function configuredTranslator(config: Pick<Config, 'machineTranslation'>): MachineTranslator | null {
  const { deepl, libreTranslate } = config.machineTranslation;
  if (deepl) return new DeepLTranslator(deepl);
  if (libreTranslate) return new LibreTranslateTranslator(libreTranslate);
  return null;
}
