// Renders a real rjsf form with the console's widgets, for widget tests.

import { render } from "@testing-library/react";
import Form from "@rjsf/antd";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { MemoryRouter } from "react-router";
import { DEFAULTS } from "../schema-ui/ModuleFormPage";
import { transformErrors, validator } from "../schema-ui/validation";
import { FIELDS, WIDGETS } from "../schema-ui/widgets";
import type { SchemaFormContext } from "../schema-ui/widgets/context";
import { Providers } from "./helpers";

type Data = Record<string, unknown>;

export function renderForm(schema: RJSFSchema, uiSchema: UiSchema, formData: Data = {}, formContext: SchemaFormContext = { dicts: {}, modules: [] }) {
  const state = { data: formData, submitted: null as Data | null };
  const utils = render(
    <MemoryRouter>
      <Providers>
        <Form
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          formContext={formContext}
          validator={validator}
          experimental_defaultFormStateBehavior={DEFAULTS}
          widgets={WIDGETS}
          fields={FIELDS}
          transformErrors={transformErrors}
          showErrorList={false}
          noHtml5Validate
          onChange={(e) => (state.data = (e.formData ?? {}) as Data)}
          onSubmit={(e) => (state.submitted = (e.formData ?? {}) as Data)}
        />
      </Providers>
    </MemoryRouter>,
  );
  return { ...utils, state };
}
