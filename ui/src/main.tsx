import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import { connectLocale, connectToken } from "./api/http";
import { loadAntdStyles } from "./app/antdStyles";
import { startEarly } from "./app/earlyStart";
import { currentLocale } from "./app/i18n";
import { getToken } from "./stores/useSessionStore";
import { installA11yPatches } from "./lib/a11yPatches";
import "./index.css";

connectToken(getToken);
connectLocale(currentLocale);
installA11yPatches();
const signedIn = startEarly(window.location.pathname, window.location.search);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
// On a signed-in address antd's styles of the first screens come as a stylesheet made at build time, which
// must have loaded before the first antd component renders (src/app/antdStyles.ts).
void (signedIn ? loadAntdStyles() : Promise.resolve()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
