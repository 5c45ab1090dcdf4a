// The office system's own screens: dialogs that replace a module's generic create (the vehicle application's
// two-step dialog, spec §2), loaded when first opened.

import { lazy, type ComponentType } from "react";
import type { VehicleApplyDialogProps } from "./VehicleApplyDialog";

/** CreateDialogProps is what a module's own create dialog takes. */
export type CreateDialogProps = VehicleApplyDialogProps;

/** CREATE_DIALOGS are the modules whose New button opens a dialog of their own instead of the generic form. */
export const CREATE_DIALOGS: Readonly<Record<string, ComponentType<CreateDialogProps>>> = {
  vehicleApply: lazy(() => import("./VehicleApplyDialog").then((m) => ({ default: m.VehicleApplyDialog }))),
};
