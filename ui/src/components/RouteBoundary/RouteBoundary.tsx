import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from "react";
import { Button, Spin } from "antd";
import { t } from "../../app/i18n";
import { notify } from "../../app/notify";

/** ChunkLoadError marks a page whose code could not be fetched (spec §8: reported as a load error). */
export class ChunkLoadError extends Error {
  constructor(
    readonly page: string,
    cause: unknown,
  ) {
    super(`load page ${page}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "ChunkLoadError";
  }
}

/** lazyPage code-splits one route; a failed download is reported with the page's name. */
export function lazyPage<P extends object>(page: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((err: unknown) => {
      notify.error(t("errors.chunkLoad", { name: page }));
      throw new ChunkLoadError(page, err);
    }),
  );
}

export function PageSpinner() {
  return (
    <div style={{ padding: 48, textAlign: "center" }}>
      <Spin />
    </div>
  );
}

interface State {
  error: Error | null;
}

/**
 * RouteBoundary shows a spinner while a page loads and a retry screen if it fails. Plain markup on
 * purpose: it is in the first bundle, and antd's Result carries large illustrations.
 */
export class RouteBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (error) {
      const title = error instanceof ChunkLoadError ? t("errors.chunkLoad", { name: error.page }) : t("errors.page");
      return (
        <div role="alert" style={{ padding: 48, textAlign: "center" }}>
          <p style={{ fontSize: 16 }}>{title}</p>
          <Button type="primary" onClick={() => window.location.reload()}>
            {t("common.retry")}
          </Button>
        </div>
      );
    }
    return <Suspense fallback={<PageSpinner />}>{this.props.children}</Suspense>;
  }
}
