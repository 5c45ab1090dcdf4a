package designer

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/engine/designer"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
	"xiangzhi/generated/ent/operationlog"
	"xiangzhi/generated/ent/rolemenu"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/system"
)

const fileModule = `name: notice
title: 村务公告
api: /affairs/notices
permission: affairs.notice
fields:
  - {name: title, label: 标题, type: string, required: true, maxLength: 50, list: true}
`

const wellYAML = `# 机井台账
name: well
title: 机井
api: /api/wells
permission: water.well
fields:
  - name: code
    label: 编号
    type: string
    required: true
    list: true
  - name: depth
    label: 井深
    type: int
status:
  field: wellStatus
  values: {0: 在用, 1: 停用}
  initial: 0
  actions:
    - {name: stop, label: 停用, from: [0], to: 1}
`

type env struct {
	url    string
	dir    string
	app    *engine.App
	ent    *ent.Client
	tokens map[string]string
	// village is carol's role: no designer code.
	village int64
}

// newEnv starts an App with system administration and the designer, and
// signs in admin (super administrator and platform administrator), county
// (a platform administrator whose role holds only the designer's visit
// code), reader (the same role, no platform flag: a tenant's designer
// user) and carol (no designer code).
func newEnv(t *testing.T, dbURL string) *env {
	t.Helper()
	t.Setenv(system.AdminPasswordEnv, "Xz-designer-2024!")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notice.yaml"), []byte(fileModule), 0o600); err != nil {
		t.Fatal(err)
	}
	app := start(t, dbURL, dir)
	return seed(t, app, dbURL, dir)
}

// start runs an App the way modules.Register wires the designer.
func start(t *testing.T, dbURL, dir string) *engine.App {
	t.Helper()
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.DBURL = dbURL
	cfg.SchemasDir = dir
	cfg.ConsoleFS = nil
	var logs bytes.Buffer
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	t.Cleanup(func() { app.Close() })
	part, err := load(app, designer.Options{Poll: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := system.Register(app); err != nil {
		t.Fatal(err)
	}
	if err := part.Register(); err != nil {
		t.Fatal(err)
	}
	return app
}

func seed(t *testing.T, app *engine.App, dbURL, dir string) *env {
	t.Helper()
	sys := app.System().(*system.Service)
	client := sys.Client()
	ctx := context.Background()
	admin, err := client.User.Query().Where(user.Username(system.AdminUsername)).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	admin, err = admin.Update().SetMustChangePassword(false).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	design, err := client.Menu.Query().Where(menu.Key("sys:form-design")).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	county, err := client.Role.Create().SetTenantID(admin.TenantID).SetName("县管理员").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := client.RoleMenu.Create().SetRoleID(county.ID).SetMenuID(design.ID).SetTerminal("web").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	village, err := client.Role.Create().SetTenantID(admin.TenantID).SetName("村管理员").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{url: dbURL, dir: dir, app: app, ent: client, tokens: map[string]string{}, village: village.ID}
	users := map[string]*ent.User{"admin": admin}
	for _, u := range []struct {
		name  string
		roles []int64
	}{{"county", []int64{county.ID}}, {"reader", []int64{county.ID}}, {"carol", []int64{village.ID}}} {
		got, err := client.User.Create().SetTenantID(admin.TenantID).SetUsername(u.name).SetPasswordHash("x").
			SetNillableOrgID(admin.OrgID).AddRoleIDs(u.roles...).SetPlatformAdmin(u.name == "county").Save(ctx)
		if err != nil {
			t.Fatal(err)
		}
		users[u.name] = got
	}
	if err := app.Reload(ctx); err != nil { // the permission model reads the new grants
		t.Fatal(err)
	}
	for name, u := range users {
		tok, err := sys.Auth().StartSession(ctx, u, "127.0.0.1", "test")
		if err != nil {
			t.Fatal(err)
		}
		e.tokens[name] = tok
	}
	return e
}

func (e *env) do(t *testing.T, as, method, target string, body any, out any) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, target, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+e.tokens[as])
	rec := httptest.NewRecorder()
	e.app.Handler().ServeHTTP(rec, req)
	if out != nil && rec.Code == http.StatusOK {
		var env struct{ Data json.RawMessage }
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s %s: %v: %s", method, target, err, rec.Body)
		}
		if err := json.Unmarshal(env.Data, out); err != nil {
			t.Fatalf("%s %s data: %v: %s", method, target, err, rec.Body)
		}
	}
	return rec.Code, rec.Body.String()
}

func TestDesignerAPI(t *testing.T) {
	for _, db := range []struct {
		name string
		url  func(*testing.T) string
	}{{"sqlite", apitest.SQLiteURL}, {"postgres", apitest.PostgresURL}, {"mysql", apitest.MySQLURL}} {
		t.Run(db.name, func(t *testing.T) { testDesignerAPI(t, newEnv(t, db.url(t))) })
	}
}

func testDesignerAPI(t *testing.T, e *env) {
	ctx := context.Background()
	// Every route needs the designer's code.
	for _, r := range (&service{}).routes() {
		if r.Code != system.CodeFormDesign {
			t.Errorf("%s %s declares %q", r.Method, r.Path, r.Code)
		}
	}
	if code, _ := e.do(t, "carol", "GET", "/api/designer/modules", nil, nil); code != 403 {
		t.Errorf("without formDesign: %d", code)
	}
	if code, body := e.do(t, "carol", "POST", "/api/designer/modules", map[string]string{"yaml": wellYAML}, nil); code != 403 {
		t.Errorf("create without formDesign: %d %s", code, body)
	}

	// File modules: read-only, names refused, copy as new module.
	var det designer.Detail
	if code, body := e.do(t, "county", "GET", "/api/designer/modules/notice", nil, &det); code != 200 || !det.ReadOnly || det.YAML != fileModule {
		t.Fatalf("file module: %d %s", code, body)
	}
	code, body := e.do(t, "county", "POST", "/api/designer/modules",
		map[string]string{"yaml": strings.Replace(wellYAML, "name: well", "name: notice", 1)}, nil)
	if code != 400 || !strings.Contains(body, "模块名称已被文件模块使用：notice") {
		t.Errorf("file module's name: %d %s", code, body)
	}
	code, body = e.do(t, "county", "POST", "/api/designer/modules/notice/copy",
		map[string]string{"name": "notice2", "title": "公告副本", "api": "/api/notice2s", "permission": "notice2"}, &det)
	if code != 200 || det.Source != "designer" || det.Model == nil || det.Model.API != "/api/notice2s" {
		t.Errorf("copy: %d %s", code, body)
	}

	// Import, parse with lines, export byte for byte.
	if code, body := e.do(t, "county", "POST", "/api/designer/import", map[string]string{"yaml": wellYAML}, &det); code != 200 || len(det.Problems) != 0 {
		t.Fatalf("import: %d %s", code, body)
	}
	var parsed struct {
		Problems []struct {
			Line    int    `json:"line"`
			Problem string `json:"problem"`
		} `json:"problems"`
	}
	broken := strings.Replace(wellYAML, "    type: int\n", "    type: int\n  label: 乙\n", 1)
	if code, body := e.do(t, "county", "POST", "/api/designer/parse", map[string]string{"yaml": broken}, &parsed); code != 200 ||
		len(parsed.Problems) != 1 || parsed.Problems[0].Line != 15 {
		t.Errorf("parse of a syntax error: %d %s", code, body)
	}
	req := httptest.NewRequest("GET", "/api/designer/modules/well/export", nil)
	req.Header.Set("Authorization", "Bearer "+e.tokens["county"])
	rec := httptest.NewRecorder()
	e.app.Handler().ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Body.String() != wellYAML || !strings.Contains(rec.Header().Get("Content-Disposition"), "well.yaml") {
		t.Errorf("export: %d %q", rec.Code, rec.Body.String())
	}

	// The live preview describes a draft as GET {api}/schema will.
	var desc struct {
		Schema struct {
			JSONSchema map[string]any `json:"jsonSchema"`
			Module     struct {
				Codes []string `json:"codes"`
			} `json:"module"`
		} `json:"schema"`
	}
	if code, body := e.do(t, "county", "POST", "/api/designer/describe", map[string]string{"yaml": wellYAML}, &desc); code != 200 ||
		desc.Schema.JSONSchema["properties"] == nil || len(desc.Schema.Module.Codes) != 6 {
		t.Errorf("describe: %d %s", code, body)
	}
	var preview struct {
		Schema json.RawMessage `json:"schema"`
	}
	e.do(t, "county", "POST", "/api/designer/describe", map[string]string{"yaml": wellYAML}, &preview)

	// Publish as the platform administrator holding only the designer's
	// code: the module is usable at once by the publisher's role.
	var pub struct {
		Version int64   `json:"version"`
		Granted []int64 `json:"granted"`
	}
	if code, body := e.do(t, "county", "POST", "/api/designer/modules/well/publish", map[string]string{"note": "首版"}, &pub); code != 200 || pub.Version != 1 || len(pub.Granted) != 1 {
		t.Fatalf("publish: %d %s", code, body)
	}
	if code, body := e.do(t, "county", "POST", "/api/wells", map[string]any{"code": "J-1", "depth": 30}, nil); code != 200 {
		t.Fatalf("new record as the publisher's role: %d %s", code, body)
	}
	if code, body := e.do(t, "county", "GET", "/api/wells", nil, nil); code != 200 || !strings.Contains(body, "J-1") {
		t.Errorf("list as the publisher's role: %d %s", code, body)
	}
	var served json.RawMessage
	if code, body := e.do(t, "county", "GET", "/api/wells/schema", nil, &served); code != 200 || string(served) != string(preview.Schema) {
		t.Errorf("the preview's description differs from the served one:\n%s\n%s", preview.Schema, body)
	}
	if code, _ := e.do(t, "carol", "GET", "/api/wells", nil, nil); code != 403 {
		t.Errorf("a user of another role reads the new module: %d", code)
	}
	// The menu entry and its buttons exist and are granted.
	if n, err := e.ent.Menu.Query().Where(menu.Module("well")).Count(ctx); err != nil || n < 5 {
		t.Errorf("menus of the published module: %d %v", n, err)
	}

	// A destructive change needs the name typed; the plan says so.
	det = designer.Detail{}
	e.do(t, "county", "GET", "/api/designer/modules/well", nil, &det)
	m := *det.Model
	m.Fields = m.Fields[:1]
	if code, body := e.do(t, "county", "PUT", "/api/designer/modules/well", map[string]any{"model": m}, &det); code != 200 || len(det.Problems) != 0 {
		t.Fatalf("save: %d %s", code, body)
	}
	if !strings.HasPrefix(det.YAML, "# 机井台账\n") {
		t.Errorf("draft lost its comment:\n%s", det.YAML)
	}
	var plan designer.Plan
	if code, body := e.do(t, "county", "POST", "/api/designer/modules/well/plan", map[string]any{}, &plan); code != 200 ||
		!plan.Destructive || plan.Changes[0].Kind != designer.KindDropField || plan.Changes[0].Losses != 1 {
		t.Fatalf("plan: %d %s", code, body)
	}
	code, body = e.do(t, "county", "POST", "/api/designer/modules/well/publish", map[string]any{"confirm": "wel"}, nil)
	if code != 400 || !strings.Contains(body, "请输入模块名称“well”确认破坏性变更") {
		t.Errorf("unconfirmed destructive publish: %d %s", code, body)
	}
	if code, body := e.do(t, "county", "POST", "/api/designer/modules/well/publish",
		map[string]any{"confirm": "well", "roles": []int64{e.village}}, &pub); code != 200 || pub.Version != 2 || len(pub.Granted) != 2 {
		t.Fatalf("confirmed publish: %d %s", code, body)
	}
	if code, body := e.do(t, "carol", "GET", "/api/wells", nil, nil); code != 200 {
		t.Errorf("a role the publisher picked cannot list the module: %d %s", code, body)
	}
	if code, body := e.do(t, "county", "POST", "/api/designer/modules/well/rollback", map[string]any{"version": 1}, &pub); code != 200 || pub.Version != 3 {
		t.Fatalf("rollback: %d %s", code, body)
	}
	if code, body := e.do(t, "county", "GET", "/api/wells", nil, nil); code != 200 || !strings.Contains(body, `"depth":30`) {
		t.Errorf("after rollback the dropped value is back: %d %s", code, body)
	}

	var vs []struct {
		Version         int64  `json:"version"`
		PublishedByName string `json:"publishedByName"`
		Current         bool   `json:"current"`
	}
	if code, body := e.do(t, "county", "GET", "/api/designer/modules/well/versions", nil, &vs); code != 200 || len(vs) != 3 ||
		!vs[0].Current || vs[0].PublishedByName == "" {
		t.Errorf("versions: %d %s", code, body)
	}

	// Every publish and the rollback are in the operation log.
	deadline := time.Now().Add(5 * time.Second)
	for {
		pubs, _ := e.ent.OperationLog.Query().Where(operationlog.Message(routePublish), operationlog.Status(200)).Count(ctx)
		rbs, _ := e.ent.OperationLog.Query().Where(operationlog.Message(routeRollback)).Count(ctx)
		if pubs == 2 && rbs == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("operation log: %d publishes, %d rollbacks", pubs, rbs)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// A restart keeps the module's menu and its grants.
	before, err := e.ent.Menu.Query().Where(menu.Key("module:well")).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	grants, _ := e.ent.RoleMenu.Query().Where(rolemenu.MenuID(before.ID)).Count(ctx)
	again := start(t, e.url, e.dir)
	after, err := e.ent.Menu.Query().Where(menu.Key("module:well")).Only(ctx)
	if err != nil || after.ID != before.ID {
		t.Fatalf("menu after a restart: %v %v (was %d)", after, err, before.ID)
	}
	if n, _ := e.ent.RoleMenu.Query().Where(rolemenu.MenuID(before.ID)).Count(ctx); n != grants || n < 2 {
		t.Errorf("grants of the menu after a restart: %d, were %d", n, grants)
	}
	if again.Modules().Module("well") == nil {
		t.Error("the restarted instance does not serve the designer module")
	}

	// Removal takes the menu away.
	if code, body := e.do(t, "county", "DELETE", "/api/designer/modules/well", nil, nil); code != 200 {
		t.Fatalf("remove: %d %s", code, body)
	}
	if n, err := e.ent.Menu.Query().Where(menu.Module("well")).Count(ctx); err != nil || n != 0 {
		t.Errorf("menus of the removed module: %d %v", n, err)
	}
	if code, _ := e.do(t, "county", "GET", "/api/wells", nil, nil); code != 404 {
		t.Errorf("removed module answers %d", code)
	}

	// A module file removed from the schemas directory takes its menu along too.
	if err := os.WriteFile(filepath.Join(e.dir, "bulletin.yaml"),
		[]byte(strings.NewReplacer("notice", "bulletin", "村务公告", "通报").Replace(fileModule)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := e.app.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := e.ent.Menu.Query().Where(menu.Module("bulletin")).Count(ctx); n == 0 {
		t.Fatal("no menu for a new module file")
	}
	if err := os.Remove(filepath.Join(e.dir, "bulletin.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := e.app.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := e.ent.Menu.Query().Where(menu.Module("bulletin")).Count(ctx); n != 0 {
		t.Errorf("%d menus of a removed module file stay", n)
	}
}
