import { useEffect, type ReactNode } from "react";
import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { dropEarly } from "../api/schemaPrefetch";
import { PageSpinner } from "../components/RouteBoundary/RouteBoundary";
import { useModuleSchema } from "../hooks/useModuleSchema";
import type { ModuleSchema } from "./moduleSchema";

/** ModuleGate loads a module's schema and renders its screen, or says why it cannot. */
export function ModuleGate({ module, children }: { module?: string; children: (schema: ModuleSchema) => ReactNode }) {
  const { t } = useTranslation();
  const state = useModuleSchema(module);
  const failed = state.status === "unknown" || state.status === "error";
  useEffect(() => {
    // the rows fetched with the schema will not be shown: what waits for them goes ahead
    if (failed) dropEarly();
  }, [failed]);
  switch (state.status) {
    case "unknown":
      return <Result status="404" title={t("module.notFound")} />;
    case "loading":
      return <PageSpinner />;
    case "error":
      return <Result status="error" title={t("module.schemaError")} subTitle={state.error.message} />;
    default:
      return <>{children(state.schema)}</>;
  }
}
