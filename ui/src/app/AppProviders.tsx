// The providers every page runs inside, the login page included: antd's ConfigProvider with the chosen
// locale and the theme (without motion when the system asks for reduced motion), and the bridges that let the HTTP client's error handling reach the router. refine is not here:
// it loads with the signed-in part of the console (RefineRoot), which keeps the login page small.

import { useEffect, type ReactNode } from "react";
import { ConfigProvider } from "antd";
import { useNavigate } from "react-router";
import { clearSession } from "./authProvider";
import { configureErrors } from "../api/errors";
import { notify } from "./notify";
import { useLocale } from "../hooks/useLocale";
import { useMediaQuery } from "../hooks/useMediaQuery";
import { REDUCED_MOTION_QUERY, STILL_THEME, THEME } from "./theme";

/** ErrorBridge hands the router and the notifier to the global error handler (spec §8). */
function ErrorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    configureErrors({
      notify: { warning: notify.warning, error: notify.error },
      expireSession: clearSession,
      navigate: (path) => navigate(path, { replace: true }),
      currentPath: () => window.location.pathname,
    });
  }, [navigate]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const { antdLocale } = useLocale();
  const still = useMediaQuery(REDUCED_MOTION_QUERY);
  const theme = still ? STILL_THEME : THEME;
  // antd's static dialogs and messages (Modal.info, message.success) render outside this tree and do not
  // see the ConfigProvider below: they take the global theme set here, so they too lose their motion when the
  // system asks for reduced motion (and keep the contrast tokens). Without it a closing Modal.info kept its
  // .ant-modal-wrap over the page through its zoom-out, catching the next click.
  useEffect(() => {
    ConfigProvider.config({ theme });
  }, [theme]);
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <ErrorBridge />
      {children}
    </ConfigProvider>
  );
}
