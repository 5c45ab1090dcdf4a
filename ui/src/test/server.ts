// The MSW server every test shares; each test adds the handlers it needs with server.use(...).
import { setupServer } from "msw/node";
import { messageHandlers } from "./messages";
import { workbenchHandlers } from "./workbench";

export const server = setupServer(...messageHandlers, ...workbenchHandlers);
