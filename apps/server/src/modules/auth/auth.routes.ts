import type { CallHandler } from '../../plugins/api';
import type { AuthService } from './auth.service';

export function authRoutes(auth: AuthService) {
  const login: CallHandler<'login'> = (input, ctx) => auth.login(input, ctx);
  const exchange_login_link: CallHandler<'exchange_login_link'> = (input, ctx) =>
    auth.exchangeLoginLink(input, ctx);
  const get_website_again: CallHandler<'get_website_again'> = (_input, ctx) =>
    auth.getWebsiteAgain(ctx.session, ctx.t);
  const logout: CallHandler<'logout'> = (_input, ctx) => auth.logout(ctx.session);
  const access_apply: CallHandler<'access_apply'> = (input, ctx) =>
    auth.accessApply(input, ctx.website, { ...ctx, lang: ctx.lang.key });
  return { login, exchange_login_link, get_website_again, logout, access_apply };
}
