package designer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
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
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
)

// databases runs fn on SQLite and, when configured, PostgreSQL and MariaDB.
func databases(t *testing.T, fn func(t *testing.T, url string)) {
	for _, db := range []struct {
		name string
		url  func(*testing.T) string
	}{{"sqlite", apitest.SQLiteURL}, {"postgres", apitest.PostgresURL}, {"mysql", apitest.MySQLURL}} {
		t.Run(db.name, func(t *testing.T) { fn(t, db.url(t)) })
	}
}

type instance struct {
	*engine.App
	d *designer.Designer
}

// newInstance starts an App on dbURL serving the schemas in dir, with a
// designer polling every 50 ms.
func newInstance(t *testing.T, dbURL, dir string) *instance {
	t.Helper()
	return newInstanceWith(t, dbURL, dir, "", 50*time.Millisecond)
}

// newInstanceWith starts an instance on a NATS bus (natsURL, "" for the
// in-process one) polling every poll (< 0: never).
func newInstanceWith(t *testing.T, dbURL, dir, natsURL string, poll time.Duration) *instance {
	t.Helper()
	cfg := config.Default()
	cfg.NATSURL = natsURL
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
	apitest.NewSystem(t, app)
	d, err := designer.New(context.Background(), app, designer.Options{Poll: poll})
	if err != nil {
		t.Fatalf("designer.New: %v", err)
	}
	return &instance{App: app, d: d}
}

func schemasDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := "../testdata/schemas"
	err := filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if e.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// call runs a request on an instance and decodes the envelope's data.
func call(t *testing.T, a *instance, method, url, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res := httptest.NewRecorder()
	a.Handler().ServeHTTP(res, req)
	var env struct {
		Data map[string]any `json:"data"`
	}
	_ = json.Unmarshal(res.Body.Bytes(), &env)
	return res.Code, env.Data
}

// eventually retries check for ten seconds.
func eventually(t *testing.T, what string, check func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !check() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: never happened", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func publicMessage(err error) string {
	var e *httpx.Error
	if errors.As(err, &e) {
		return e.Message
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

const pondV1 = `# 坑塘台账
name: pond
title: 坑塘
group: affairs
api: /api/ponds
permission: pond
fields:
  - name: code
    label: 编号
    type: string
    maxLength: 50
    list: true
  - name: depth
    label: 深度
    type: string
  - name: owner
    label: 承包人
    type: string
    maxLength: 100
  - name: remark # 备注
    label: 备注
    type: text
`

// tableIdentity names the physical table: a table dropped and created
// again gets another one. MariaDB rebuilds a table for some ALTERs on its
// own, so it has none here.
func tableIdentity(t *testing.T, a *instance, table string) string {
	t.Helper()
	db := a.Store().DB()
	var id string
	var err error
	switch a.Store().Dialect() {
	case "sqlite3":
		err = db.QueryRow("SELECT CAST(rootpage AS TEXT) FROM sqlite_master WHERE type = 'table' AND name = ?", table).Scan(&id)
	case "postgres":
		err = db.QueryRow("SELECT CAST(oid AS TEXT) FROM pg_class WHERE relname = $1 AND relkind = 'r' AND relnamespace = CAST(current_schema() AS regnamespace)", table).Scan(&id)
	default:
		return ""
	}
	if err != nil {
		t.Fatalf("identity of %s: %v", table, err)
	}
	return id
}

func TestPublishLifecycle(t *testing.T) {
	databases(t, func(t *testing.T, url string) {
		ctx := context.Background()
		dir := schemasDir(t)
		a := newInstance(t, url, dir)
		b := newInstance(t, url, dir)

		// File modules' names and paths are refused; file modules are read-only.
		for _, tt := range []struct{ text, want string }{
			{strings.Replace(pondV1, "name: pond", "name: notice", 1), "模块名称已被文件模块使用：notice"},
			{strings.Replace(pondV1, "api: /api/ponds", "api: /affairs/notices", 1), "接口路径已被文件模块使用：/affairs/notices"},
		} {
			if _, err := a.d.Create(ctx, 7, nil, tt.text); publicMessage(err) != tt.want {
				t.Errorf("create: got %v, want %s", err, tt.want)
			}
		}
		// Codes stay the module's own: no borrowed prefix, no code outside it, no table of its own choosing.
		for _, tt := range []struct{ text, want string }{
			{strings.Replace(pondV1, "permission: pond", "permission: affairs", 1), "权限前缀已被使用：affairs"},
			{strings.Replace(pondV1, "permission: pond", "permission: affairs.notice.x", 1), "权限前缀已被使用：affairs.notice.x"},
			{pondV1 + "status:\n  field: st\n  values: {0: 甲, 1: 乙}\n  initial: 0\n  actions:\n    - {name: go, label: 走, from: [0], to: 1, permission: affairs.notice.del}\n",
				"权限编码必须以模块的权限前缀“pond.”开头：affairs.notice.del"},
		} {
			if _, err := a.d.Create(ctx, 7, nil, tt.text); publicMessage(err) != tt.want {
				t.Errorf("create: got %v, want %s", err, tt.want)
			}
		}
		if det, err := a.d.Create(ctx, 7, nil, strings.Replace(pondV1, "name: pond", "name: tabled\ntable: xz_designer_modules", 1)+""); err != nil {
			t.Errorf("create with a table: %v", err)
		} else if len(det.Problems) != 1 || det.Problems[0].Problem != "表单设计的模块不能指定数据表（table）" {
			t.Errorf("a draft naming its table: %+v", det.Problems)
		} else if _, err := a.d.Publish(ctx, 7, "tabled", "", ""); publicMessage(err) != "模块定义有误，不能发布" {
			t.Errorf("publish of a module naming its table: %v", err)
		}
		if err := a.d.Remove(ctx, "tabled"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.d.Save(ctx, 7, "notice", nil, pondV1, nil); publicMessage(err) != "文件模块只读，请复制为新模块" {
			t.Errorf("save of a file module: %v", err)
		}
		if det, err := a.d.Get(ctx, "notice"); err != nil || !det.ReadOnly || det.Source != "file" || det.Model == nil {
			t.Errorf("file module read: %+v %v", det, err)
		}

		// Draft, first publish, records.
		det, err := a.d.Create(ctx, 7, nil, pondV1)
		if err != nil || len(det.Problems) != 0 || det.State != designer.StateDraft {
			t.Fatalf("create: %+v %v", det, err)
		}
		if _, err := a.d.Create(ctx, 7, nil, pondV1); publicMessage(err) != "模块名称已存在：pond" {
			t.Errorf("second create: %v", err)
		}
		plan, err := a.d.Plan(ctx, "pond", 0)
		if err != nil || !plan.New || plan.Destructive {
			t.Fatalf("first plan: %+v %v", plan, err)
		}
		if _, err := a.d.Publish(ctx, 7, "pond", "first", ""); err != nil {
			t.Fatalf("publish v1: %v", err)
		}
		table := "mod_pond"
		identity := tableIdentity(t, a, table)
		ids := map[string]float64{}
		for _, rec := range []string{
			`{"code":"A1","depth":"12","owner":"张三丰收农业合作社","remark":"东头"}`,
			`{"code":"A2","depth":"十米","owner":"李四","remark":"西头"}`,
			`{"code":"A3","depth":"8","owner":"王五"}`,
		} {
			code, data := call(t, a, "POST", "/api/ponds", rec)
			if code != 200 {
				t.Fatalf("create record: %d %v", code, data)
			}
			ids[data["code"].(string)] = data["id"].(float64)
		}
		// The other instance serves it too (it polls the revision).
		eventually(t, "second instance serves the published module", func() bool {
			code, data := call(t, b, "GET", "/api/ponds", "")
			return code == 200 && data["recordsTotal"] == float64(3)
		})

		// v2: a new field, a wider code, owner renamed to holder.
		m := *det.Model
		m.Fields = append([]schema.Field{}, det.Model.Fields...)
		m.Fields[0].MaxLength = 80
		m.Fields[2].Name = "holder"
		m.Fields = append(m.Fields, schema.Field{Name: "photo", Label: "照片", Type: schema.TypeImage})
		det, err = a.d.Save(ctx, 7, "pond", &m, "", map[string]string{"owner": "holder"})
		if err != nil || len(det.Problems) != 0 || det.State != designer.StateChanged {
			t.Fatalf("save v2: %+v %v", det, err)
		}
		if !strings.Contains(det.YAML, "# 坑塘台账") || !strings.Contains(det.YAML, "# 备注") {
			t.Errorf("comments lost in the draft:\n%s", det.YAML)
		}
		plan, err = a.d.Plan(ctx, "pond", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := kinds(plan); got != "rename:holder:3 widen:code addField:photo" || plan.Destructive {
			t.Errorf("v2 plan = %s (destructive %v)", got, plan.Destructive)
		}
		if _, err := a.d.Publish(ctx, 7, "pond", "v2", ""); err != nil {
			t.Fatalf("publish v2: %v", err)
		}
		rec := record(t, a, ids["A1"])
		if rec["holder"] != "张三丰收农业合作社" || rec["code"] != "A1" {
			t.Errorf("after rename: %v", rec)
		}

		// v3: depth to int (one value does not convert), holder to 5, remark dropped.
		m3 := *det.Model
		m3.Fields = nil
		for _, f := range det.Model.Fields {
			switch f.Name {
			case "depth":
				f.Type = schema.TypeInt
			case "holder":
				f.MaxLength = 5
			case "remark":
				continue
			}
			m3.Fields = append(m3.Fields, f)
		}
		if _, err := a.d.Save(ctx, 7, "pond", &m3, "", nil); err != nil {
			t.Fatal(err)
		}
		plan, err = a.d.Plan(ctx, "pond", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := kinds(plan); got != "typeChange:depth:3/1 narrow:holder:3/1 dropField:remark:2/2" || !plan.Destructive || plan.Confirm != "pond" {
			t.Errorf("v3 plan = %s (destructive %v)", got, plan.Destructive)
		}
		for _, c := range plan.Changes {
			if c.Kind == designer.KindTypeChange && (len(c.Preview) != 3 || c.Preview[1].OK || c.Preview[0].To != int64(12)) {
				t.Errorf("type change preview = %+v", c.Preview)
			}
		}
		if _, err := a.d.Publish(ctx, 7, "pond", "v3", ""); publicMessage(err) != "请输入模块名称“pond”确认破坏性变更" {
			t.Fatalf("destructive publish without confirmation: %v", err)
		}
		if _, err := a.d.Publish(ctx, 7, "pond", "v3", "pond"); err != nil {
			t.Fatalf("publish v3: %v", err)
		}
		rec = record(t, a, ids["A1"])
		if rec["depth"] != float64(12) || rec["holder"] != "张三丰收农" || rec["remark"] != nil {
			t.Errorf("after v3: %v", rec)
		}
		if rec := record(t, a, ids["A2"]); rec["depth"] != nil || rec["holder"] != "李四" {
			t.Errorf("after v3, A2: %v", rec)
		}

		// Rollback to v2: the column types come back, the backups are restored.
		plan, err = a.d.Plan(ctx, "pond", 2)
		if err != nil || plan.Destructive || len(plan.Problems) != 0 {
			t.Fatalf("rollback plan: %+v %v", plan, err)
		}
		res, err := a.d.Rollback(ctx, 7, "pond", 2, "", "")
		if err != nil {
			t.Fatalf("rollback: %v", err)
		}
		if res.Version != 4 || res.Restored != 2+3+1 {
			t.Errorf("rollback answered version %d, restored %d", res.Version, res.Restored)
		}
		for code, want := range map[string]map[string]any{
			"A1": {"depth": "12", "holder": "张三丰收农业合作社", "remark": "东头"},
			"A2": {"depth": "十米", "holder": "李四", "remark": "西头"},
			"A3": {"depth": "8", "holder": "王五", "remark": nil},
		} {
			got := record(t, a, ids[code])
			for k, v := range want {
				if got[k] != v {
					t.Errorf("after rollback, %s.%s = %v, want %v", code, k, got[k], v)
				}
			}
		}
		if got := tableIdentity(t, a, table); got != identity {
			t.Errorf("table %s was recreated: %s → %s", table, identity, got)
		}
		vs, err := a.d.Versions(ctx, "pond")
		if err != nil || len(vs) != 4 || vs[0].RollbackOf != 2 || !vs[0].Current || !vs[1].Backup || vs[0].Note != "回滚到版本2" {
			t.Errorf("versions = %+v %v", vs, err)
		}
		eventually(t, "second instance serves the rolled-back version", func() bool {
			code, data := call(t, b, "GET", fmt.Sprintf("/api/ponds/%d", int64(ids["A2"])), "")
			return code == 200 && data["remark"] == "西头" && data["depth"] == "十米"
		})

		// Removal: gone on both instances, data kept.
		if err := a.d.Remove(ctx, "pond"); err != nil {
			t.Fatal(err)
		}
		if code, _ := call(t, a, "GET", "/api/ponds", ""); code != 404 {
			t.Errorf("removed module answers %d", code)
		}
		eventually(t, "second instance drops the removed module", func() bool {
			code, _ := call(t, b, "GET", "/api/ponds", "")
			return code == 404
		})
		if n, err := a.Store().CountRows(ctx, table); err != nil || n != 3 {
			t.Errorf("rows after removal: %d %v", n, err)
		}
	})
}

func record(t *testing.T, a *instance, id float64) map[string]any {
	t.Helper()
	code, data := call(t, a, "GET", fmt.Sprintf("/api/ponds/%d", int64(id)), "")
	if code != 200 {
		t.Fatalf("read record %v: %d", id, code)
	}
	return data
}

// kinds writes the column changes of a plan compactly, in plan order:
// kind:field[:rows[/losses]].
func kinds(p *designer.Plan) string {
	var out []string
	for _, c := range p.Changes {
		if c.Kind == designer.KindSetting {
			continue
		}
		s := c.Kind + ":" + c.Field
		switch {
		case c.Losses > 0:
			s += fmt.Sprintf(":%d/%d", c.Rows, c.Losses)
		case c.Rows > 0:
			s += fmt.Sprintf(":%d", c.Rows)
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// TestPublishOverNATS checks that a publish reaches another instance
// through the bus alone (neither instance polls).
func TestPublishOverNATS(t *testing.T) {
	nats := os.Getenv("XZ_TEST_NATS")
	if nats == "" {
		t.Skip("XZ_TEST_NATS not set")
	}
	url := apitest.PostgresURL(t)
	dir := schemasDir(t)
	a := newInstanceWith(t, url, dir, nats, -1)
	b := newInstanceWith(t, url, dir, nats, -1)
	ctx := context.Background()
	if _, err := a.d.Create(ctx, 7, nil, pondV1); err != nil {
		t.Fatal(err)
	}
	if _, err := a.d.Publish(ctx, 7, "pond", "", ""); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the other instance serves the module", func() bool {
		code, _ := call(t, b, "GET", "/api/ponds", "")
		return code == 200
	})
	if err := a.d.Remove(ctx, "pond"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the other instance drops the module", func() bool {
		code, _ := call(t, b, "GET", "/api/ponds", "")
		return code == 404
	})
}

const lotV1 = `name: lot
title: 地块
api: /api/lots
permission: lot
fields:
  - {name: code, label: 编号, type: string}
  - name: kids
    label: 明细
    type: children
    fields:
      - {name: name, label: 名称, type: string}
`

// TestPlanUniqueAndChildren checks that a unique field over repeated
// values is refused with their count, and that a children field's own
// fields are renamed (data kept) and added like the module's.
func TestPlanUniqueAndChildren(t *testing.T) {
	databases(t, func(t *testing.T, url string) {
		ctx := context.Background()
		a := newInstanceWith(t, url, schemasDir(t), "", -1)
		if _, err := a.d.Create(ctx, 7, nil, lotV1); err != nil {
			t.Fatal(err)
		}
		if _, err := a.d.Publish(ctx, 7, "lot", "", ""); err != nil {
			t.Fatal(err)
		}
		var first float64
		for i := range 2 {
			code, data := call(t, a, "POST", "/api/lots", `{"code":"X","kids":[{"name":"东块"}]}`)
			if code != 200 {
				t.Fatalf("record: %d %v", code, data)
			}
			if i == 0 {
				first = data["id"].(float64)
			}
		}
		unique := strings.Replace(lotV1, "{name: code, label: 编号, type: string}", "{name: code, label: 编号, type: string, unique: true}", 1)
		if _, err := a.d.Save(ctx, 7, "lot", nil, unique, nil); err != nil {
			t.Fatal(err)
		}
		plan, err := a.d.Plan(ctx, "lot", 0)
		if err != nil || len(plan.Problems) != 1 || plan.Problems[0].Problem != "字段编号有1个重复值，不能设为唯一" {
			t.Fatalf("plan of a unique field over repeated values: %+v %v", plan, err)
		}
		if _, err := a.d.Publish(ctx, 7, "lot", "", ""); publicMessage(err) != "模块定义有误，不能发布" {
			t.Fatalf("publish: %v", err)
		}
		kids := strings.Replace(lotV1, "      - {name: name, label: 名称, type: string}\n",
			"      - {name: title, label: 名称, type: string}\n      - {name: area, label: 面积, type: decimal}\n", 1)
		if _, err := a.d.Save(ctx, 7, "lot", nil, kids, map[string]string{"kids.name": "kids.title"}); err != nil {
			t.Fatal(err)
		}
		plan, err = a.d.Plan(ctx, "lot", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := kinds(plan); got != "rename:kids.title:2 addField:kids.area" {
			t.Errorf("children plan = %s", got)
		}
		if _, err := a.d.Publish(ctx, 7, "lot", "", ""); err != nil {
			t.Fatal(err)
		}
		code, data := call(t, a, "GET", fmt.Sprintf("/api/lots/%d", int64(first)), "")
		rows, _ := data["kids"].([]any)
		if code != 200 || len(rows) != 1 || rows[0].(map[string]any)["title"] != "东块" {
			t.Errorf("children after the rename: %d %v", code, data)
		}
	})
}

// TestRenameChildren checks that renaming a children field renames its
// table with its rows (the same physical table, no new one beside it), that
// its own fields follow (one renamed too), that a rollback renames it back
// with every row, and that a name whose table is left over is refused.
func TestRenameChildren(t *testing.T) {
	databases(t, func(t *testing.T, url string) {
		ctx := context.Background()
		a := newInstanceWith(t, url, schemasDir(t), "", -1)
		if _, err := a.d.Create(ctx, 7, nil, lotV1); err != nil {
			t.Fatal(err)
		}
		if _, err := a.d.Publish(ctx, 7, "lot", "", ""); err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, kid := range []string{"东块", "西块"} {
			code, data := call(t, a, "POST", "/api/lots", `{"code":"X","kids":[{"name":"`+kid+`"},{"name":"`+kid+`2"}]}`)
			if code != 200 {
				t.Fatalf("record: %d %v", code, data)
			}
			ids = append(ids, int64(data["id"].(float64)))
		}
		before := tableIdentity(t, a, "mod_lot__kids")

		items := strings.Replace(strings.Replace(lotV1, "  - name: kids\n    label: 明细\n", "  - name: items\n    label: 明细\n", 1),
			"{name: name, label: 名称, type: string}", "{name: title, label: 名称, type: string}", 1)
		if _, err := a.d.Save(ctx, 7, "lot", nil, items, map[string]string{"kids": "items", "kids.name": "items.title"}); err != nil {
			t.Fatal(err)
		}
		plan, err := a.d.Plan(ctx, "lot", 0)
		if err != nil || len(plan.Problems) != 0 {
			t.Fatalf("plan: %+v %v", plan, err)
		}
		if got := kinds(plan); got != "rename:items:4 rename:items.title:4" {
			t.Errorf("plan of a renamed children field = %s", got)
		}
		if plan.Destructive {
			t.Error("renaming a children field is destructive in the plan")
		}
		if _, err := a.d.Publish(ctx, 7, "lot", "", ""); err != nil {
			t.Fatal(err)
		}
		if after := tableIdentity(t, a, "mod_lot__items"); after != before {
			t.Errorf("the children table was recreated: %s, was %s", after, before)
		}
		if ok, _ := a.Store().HasTable(ctx, "mod_lot__kids"); ok {
			t.Error("the old children table is still there")
		}
		titles := func(id int64, key, sub string) string {
			t.Helper()
			code, data := call(t, a, "GET", fmt.Sprintf("/api/lots/%d", id), "")
			rows, _ := data[key].([]any)
			var out []string
			for _, r := range rows {
				out = append(out, fmt.Sprint(r.(map[string]any)[sub]))
			}
			if code != 200 {
				t.Fatalf("read %d: %d", id, code)
			}
			return strings.Join(out, ",")
		}
		if got := titles(ids[0], "items", "title"); got != "东块,东块2" {
			t.Errorf("rows of the renamed children field: %q", got)
		}
		if got := titles(ids[1], "items", "title"); got != "西块,西块2" {
			t.Errorf("rows of the renamed children field: %q", got)
		}
		code, data := call(t, a, "POST", "/api/lots", `{"code":"Y","items":[{"title":"南块"}]}`)
		if code != 200 {
			t.Fatalf("record after the rename: %d %v", code, data)
		}
		third := int64(data["id"].(float64))

		// Rolled back: the table gets its name back, with every row.
		if _, err := a.d.Rollback(ctx, 7, "lot", 1, "", ""); err != nil {
			t.Fatal(err)
		}
		if after := tableIdentity(t, a, "mod_lot__kids"); after != before {
			t.Errorf("the children table was recreated by the rollback: %s, was %s", after, before)
		}
		if got := titles(ids[0], "kids", "name") + ";" + titles(third, "kids", "name"); got != "东块,东块2;南块" {
			t.Errorf("rows after the rollback: %q", got)
		}

		// A name whose table exists already (a children field removed
		// earlier leaves its table) is refused, nothing renamed.
		gone := strings.Replace(lotV1, "  - name: kids\n    label: 明细\n", "  - name: parts\n    label: 明细\n", 1)
		if _, err := a.d.Save(ctx, 7, "lot", nil, gone, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := a.d.Publish(ctx, 7, "lot", "", "lot"); err != nil { // kids dropped (its table stays), parts new
			t.Fatal(err)
		}
		if _, err := a.d.Save(ctx, 7, "lot", nil, lotV1, map[string]string{"parts": "kids", "parts.name": "kids.name"}); err != nil {
			t.Fatal(err)
		}
		plan, err = a.d.Plan(ctx, "lot", 0)
		if err != nil || len(plan.Problems) != 1 || plan.Problems[0].Problem != "子表字段“明细”的数据表mod_lot__kids已存在，不能改用此名称" {
			t.Errorf("renaming onto a left-over table: %+v %v", plan, err)
		}
		if after := tableIdentity(t, a, "mod_lot__kids"); after != before {
			t.Errorf("the left-over children table changed: %s, was %s", after, before)
		}
	})
}

// TestLaggingInstanceAdoptsOnly reads, on a second instance, a version
// that is no longer the table's (as it can between a publish's migration
// and its marking the version published): that instance keeps what it
// serves and changes no table. Before, it migrated the stale version
// itself, and on SQLite rebuilt the table under the publisher.
func TestLaggingInstanceAdoptsOnly(t *testing.T) {
	databases(t, func(t *testing.T, url string) {
		ctx := context.Background()
		dir := schemasDir(t)
		a := newInstanceWith(t, url, dir, "", -1)
		b := newInstanceWith(t, url, dir, "", -1)
		det, err := a.d.Create(ctx, 7, nil, pondV1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.d.Publish(ctx, 7, "pond", "v1", ""); err != nil {
			t.Fatal(err)
		}
		code, data := call(t, a, "POST", "/api/ponds", `{"code":"A1","depth":"十米"}`)
		if code != 200 {
			t.Fatalf("create: %d %v", code, data)
		}
		id := int64(data["id"].(float64))
		if err := b.Reload(ctx); err != nil {
			t.Fatal(err)
		}
		m := *det.Model
		m.Fields = append([]schema.Field{}, det.Model.Fields...)
		m.Fields[1].Type = schema.TypeInt // depth
		if _, err := a.d.Save(ctx, 7, "pond", &m, "", nil); err != nil {
			t.Fatal(err)
		}
		if _, err := a.d.Publish(ctx, 7, "pond", "v2", "pond"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.d.Rollback(ctx, 7, "pond", 1, "", ""); err != nil {
			t.Fatal(err)
		}
		identity := tableIdentity(t, a, "mod_pond")
		// b reads v2 while the table is v3's (v1's shape).
		setPublished := func(v int) {
			q := "UPDATE " + designer.ModulesTable + " SET published_version = ? WHERE name = 'pond'"
			if a.Store().Dialect() == "postgres" {
				q = strings.Replace(q, "?", "$1", 1)
			}
			if _, err := a.Store().DB().ExecContext(ctx, q, v); err != nil {
				t.Fatal(err)
			}
		}
		setPublished(2)
		_ = b.Reload(ctx)
		if got := tableIdentity(t, a, "mod_pond"); got != identity {
			t.Errorf("the lagging instance rebuilt the table: %s → %s", identity, got)
		}
		if f := b.Modules().Module("pond").Field("depth"); f == nil || f.Type != schema.TypeString {
			t.Errorf("the lagging instance serves depth as %+v, want the version it had", f)
		}
		if code, data := call(t, b, "GET", fmt.Sprintf("/api/ponds/%d", id), ""); code != 200 || data["depth"] != "十米" {
			t.Errorf("record on the lagging instance: %d %v", code, data)
		}
		setPublished(3)
		if err := b.Reload(ctx); err != nil {
			t.Fatal(err)
		}
		if code, data := call(t, a, "GET", fmt.Sprintf("/api/ponds/%d", id), ""); code != 200 || data["depth"] != "十米" {
			t.Errorf("record on the publisher: %d %v", code, data)
		}
	})
}
