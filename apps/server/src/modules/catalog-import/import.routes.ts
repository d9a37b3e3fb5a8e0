import { type CallHandler, staffCaller } from '../../plugins/api';
import type { ImportService } from './import.service';

export function importRoutes(imports: ImportService) {
  const staff_get_import_template: CallHandler<'staff_get_import_template'> = (_input, ctx) =>
    imports.template(staffCaller(ctx));
  const staff_create_import: CallHandler<'staff_create_import'> = (input, ctx) =>
    imports.create(input, staffCaller(ctx), ctx.website.info, ctx.lang);
  const staff_check_import: CallHandler<'staff_check_import'> = (input, ctx) =>
    imports.check(input, staffCaller(ctx));
  const staff_run_import: CallHandler<'staff_run_import'> = (input, ctx) =>
    imports.run(input, staffCaller(ctx));
  const staff_get_import: CallHandler<'staff_get_import'> = (input, ctx) =>
    imports.get(input, staffCaller(ctx));
  const staff_list_imports: CallHandler<'staff_list_imports'> = (_input, ctx) =>
    imports.list(staffCaller(ctx));
  return {
    staff_get_import_template,
    staff_create_import,
    staff_check_import,
    staff_run_import,
    staff_get_import,
    staff_list_imports,
  };
}
