import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestInfo } from '../../http/request-info.ts';
import type { ProductModule } from '../module.ts';
import { translateMenu } from './menu-translate.ts';

function routes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Params: { menuId: string } }>('/api/menus/:menuId/translate', async (request) =>
    translateMenu(ctx, request.params.menuId, request.body, requestInfo(request)),
  );
}

/** Machine translation of menus: the providers (DeepL, LibreTranslate) and "Translate missing" per menu and language. */
export const translationModule: ProductModule = { name: 'translation', collections: [], routes };
