import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { menuTitleOf } from "../app/menus";
import { moduleRouteOf, titleKeyOf } from "../app/routes";
import { useSchemaTranslator } from "../schema-ui/schemaTexts";
import { useSessionStore } from "../stores/useSessionStore";
import { workflowTitleKey } from "../workflow/paths";

/**
 * useRouteTitle names a path for tabs and breadcrumbs: a menu's server title, a module's title (with the
 * page it is on), a static route's translated title, else the path itself.
 */
export function useRouteTitle(): (path: string) => string {
  const { t } = useTranslation();
  const menus = useSessionStore((s) => s.menus);
  const modules = useSessionStore((s) => s.modules);
  const tr = useSchemaTranslator();
  return useCallback(
    (path: string) => {
      const mod = moduleRouteOf(path);
      if (mod) {
        const base = tr(
          mod.module,
          menuTitleOf(menus, `/m/${mod.module}`) ?? modules.find((m) => m.name === mod.module)?.title ?? mod.module,
        );
        return mod.page === "list" ? base : `${base} · ${t(`module.page.${mod.page}`)}`;
      }
      const menuTitle = menuTitleOf(menus, path);
      if (menuTitle) return tr("", menuTitle);
      // The approval screens' titles live in their own bundle section (kept out of the login page's routes).
      const key = titleKeyOf(path) ?? workflowTitleKey(path);
      return key ? t(key) : path;
    },
    [menus, modules, t, tr],
  );
}
