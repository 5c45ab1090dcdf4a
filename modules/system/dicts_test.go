package system

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/dict"
	"xiangzhi/generated/ent/dictitem"
)

const dictsV1 = `
- type: vehicle_type
  title: 车辆类型
  items:
    - {value: "1", label: "轿车"}
    - {value: "2", label: "货车"}
- type: gender
  title: 性别
  items:
    - {value: 0, label: "女"}
    - {value: 1, label: "男", color: blue}
`

// dictsV2 renames a label, adds an item and leaves one out.
const dictsV2 = `
- type: vehicle_type
  title: 车辆分类
  items:
    - {value: "1", label: "小轿车"}
    - {value: "3", label: "客车"}
- type: gender
  title: 性别
  items:
    - {value: 0, label: "女"}
    - {value: 1, label: "男", color: blue}
`

// loadDicts loads a schema set whose _dicts.yaml is text.
func loadDicts(t *testing.T, text string) *schema.Set {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, schema.DictsFile), text)
	set, errs := schema.LoadFS(os.DirFS(dir), ".")
	if len(errs) > 0 {
		t.Fatalf("load %s: %v", schema.DictsFile, schema.LoadErrors(errs))
	}
	return set
}

// dictRows lists type:value=label@sort of every item, in a fixed order.
func dictRows(t *testing.T, client *ent.Client) []string {
	t.Helper()
	ds, err := client.Dict.Query().Order(ent.Asc(dict.FieldType)).
		WithItems(func(q *ent.DictItemQuery) { q.Order(ent.Asc(dictitem.FieldSort), ent.Asc(dictitem.FieldValue)) }).
		All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range ds {
		out = append(out, d.Type+"="+d.Title)
		for _, it := range d.Edges.Items {
			out = append(out, fmt.Sprintf("%s:%s=%s@%d%s", d.Type, it.Value, it.Label, it.Sort, it.Color))
		}
	}
	return out
}

func TestSyncDicts(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		ctx := context.Background()
		if _, err := s.ent.Dict.Delete().Exec(ctx); err != nil { // start from empty tables
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ { // twice: the second run changes nothing
			if err := s.syncDicts(ctx, loadDicts(t, dictsV1)); err != nil {
				t.Fatal(err)
			}
		}
		want := []string{"gender=性别", "gender:0=女@1", "gender:1=男@2blue",
			"vehicle_type=车辆类型", "vehicle_type:1=轿车@1", "vehicle_type:2=货车@2"}
		if diff := cmp.Diff(want, dictRows(t, s.ent)); diff != "" {
			t.Fatalf("after the first sync (-want +got):\n%s", diff)
		}
		// An administrator's item survives later syncs.
		vt, err := s.ent.Dict.Query().Where(dict.Type("vehicle_type")).Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.ent.DictItem.Create().SetDictID(vt.ID).SetValue("9").SetLabel("拖拉机").SetSort(9).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.syncDicts(ctx, loadDicts(t, dictsV2)); err != nil {
			t.Fatal(err)
		}
		want = []string{"gender=性别", "gender:0=女@1", "gender:1=男@2blue",
			"vehicle_type=车辆分类", "vehicle_type:1=小轿车@1", "vehicle_type:2=货车@2", "vehicle_type:3=客车@2",
			"vehicle_type:9=拖拉机@9"}
		if diff := cmp.Diff(want, dictRows(t, s.ent)); diff != "" {
			t.Errorf("after the second sync (-want +got):\n%s", diff)
		}
		if err := s.syncDicts(ctx, &schema.Set{}); err != nil {
			t.Errorf("sync of a set without dictionaries: %v", err)
		}
	})
}

// withSchemaDicts puts text as the app's _dicts.yaml, reloads the app and
// syncs its dictionaries.
func withSchemaDicts(t *testing.T, app *engine.App, s *Service, text string) {
	t.Helper()
	ctx := context.Background()
	writeFile(t, filepath.Join(app.Config().SchemasDir, schema.DictsFile), text)
	if err := app.Reload(ctx); err != nil {
		t.Fatalf("reload: %v", err)
	}
	if app.Modules().Dicts["vehicle_type"] == nil {
		t.Fatal("the reloaded set has no vehicle_type dictionary")
	}
	if err := s.syncDicts(ctx, app.Modules()); err != nil {
		t.Fatal(err)
	}
}

func TestDictCRUD(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		admin := adminToken(t, app, s)
		d := mustOK(t, app, admin, http.MethodPost, "/api/sysdict", map[string]any{"type": "my_dict", "title": "我的字典"})
		id := num(d.(map[string]any)["id"])
		one := num(mustOK(t, app, admin, http.MethodPost, "/api/sysdictitem",
			map[string]any{"dictId": id, "value": 1, "label": "一"}).(map[string]any)["id"])
		two := mustOK(t, app, admin, http.MethodPost, "/api/sysdictitem",
			map[string]any{"type": "my_dict", "value": "2", "label": "二", "color": "red"}).(map[string]any)
		want := map[string]any{"id": two["id"], "dictId": float64(id), "type": "my_dict", "value": "2",
			"label": "二", "sort": float64(2), "color": "red", "system": false}
		if diff := cmp.Diff(want, two); diff != "" {
			t.Errorf("second item (-want +got):\n%s", diff)
		}

		detail := mustOK(t, app, admin, http.MethodGet, fmt.Sprintf("/api/sysdict/%d", id), nil).(map[string]any)
		if items := detail["items"].([]any); len(items) != 2 || items[0].(map[string]any)["value"] != "1" {
			t.Errorf("dictionary detail = %v", detail)
		}
		page := mustOK(t, app, admin, http.MethodGet, "/api/sysdict?type=my_&page=0&size=10", nil).(map[string]any)
		if num(page["recordsTotal"]) != 1 {
			t.Errorf("dictionaries matching my_ = %v", page)
		}
		page = mustOK(t, app, admin, http.MethodGet, fmt.Sprintf("/api/sysdictitem?dictId=%d", id), nil).(map[string]any)
		if num(page["recordsTotal"]) != 2 {
			t.Errorf("items of the dictionary = %v", page)
		}
		page = mustOK(t, app, admin, http.MethodGet, "/api/sysdictitem?type=my_dict&labelLike=%E4%BA%8C", nil).(map[string]any)
		if num(page["recordsTotal"]) != 1 {
			t.Errorf("items labelled 二 = %v", page)
		}

		mustOK(t, app, admin, http.MethodPut, "/api/sysdict", map[string]any{"id": id, "type": "my_dict", "title": "改名"})
		mustOK(t, app, admin, http.MethodPut, fmt.Sprintf("/api/sysdictitem/%d", one),
			map[string]any{"value": "1", "label": "壹", "sort": 3})
		item := mustOK(t, app, admin, http.MethodGet, fmt.Sprintf("/api/sysdictitem/%d", one), nil).(map[string]any)
		if item["label"] != "壹" || num(item["sort"]) != 3 {
			t.Errorf("edited item = %v", item)
		}
		mustOK(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/sysdictitem/%d", one), nil)
		mustOK(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/sysdict/%d", id), nil)
		status, env := call(t, app, admin, http.MethodGet, fmt.Sprintf("/api/sysdictitem/%d", num(two["id"])), nil)
		wantError(t, status, env, http.StatusNotFound, DictItemNotFound)
		status, env = call(t, app, admin, http.MethodGet, fmt.Sprintf("/api/sysdict/%d", id), nil)
		wantError(t, status, env, http.StatusNotFound, DictNotFound)
	})
}

func TestDictValidation(t *testing.T) {
	app, s := newTestApp(t)
	admin := adminToken(t, app, s)
	d := mustOK(t, app, admin, http.MethodPost, "/api/sysdict", map[string]any{"type": "taken", "title": "已有"})
	id := num(d.(map[string]any)["id"])
	mustOK(t, app, admin, http.MethodPost, "/api/sysdictitem", map[string]any{"dictId": id, "value": "1", "label": "一"})
	tests := []struct {
		name, method, path string
		body               any
		status             int
		msg                string
	}{
		{"type required", http.MethodPost, "/api/sysdict", map[string]any{"title": "标题"}, 400, DictTypeRequired},
		{"type pattern", http.MethodPost, "/api/sysdict", map[string]any{"type": "字典", "title": "标题"}, 400,
			DictTypeInvalid},
		{"type max 60", http.MethodPost, "/api/sysdict", map[string]any{"type": "a" + strings.Repeat("b", 60),
			"title": "标题"}, 400, fmt.Sprintf(msg.FieldTooLong, DictType, 60)},
		{"title required", http.MethodPost, "/api/sysdict", map[string]any{"type": "x"}, 400, DictTitleRequired},
		{"type taken", http.MethodPost, "/api/sysdict", map[string]any{"type": "taken", "title": "标题"}, 400,
			DictTypeTaken},
		{"create with id", http.MethodPost, "/api/sysdict", map[string]any{"id": id, "type": "y", "title": "标题"},
			400, CreateWithID},
		{"update without id", http.MethodPut, "/api/sysdict", map[string]any{"type": "y", "title": "标题"}, 400,
			msg.IDRequired},
		{"ids disagree", http.MethodPut, fmt.Sprintf("/api/sysdict/%d", id),
			map[string]any{"id": id + 1, "type": "y", "title": "标题"}, 400, msg.IDMismatch},
		{"unknown dictionary", http.MethodPut, "/api/sysdict/999999", map[string]any{"type": "y", "title": "标题"},
			404, DictNotFound},
		{"item value required", http.MethodPost, "/api/sysdictitem", map[string]any{"dictId": id, "label": "二"}, 400,
			DictItemValueRequired},
		{"item label required", http.MethodPost, "/api/sysdictitem", map[string]any{"dictId": id, "value": "2"}, 400,
			DictItemLabelRequired},
		{"item dictionary required", http.MethodPost, "/api/sysdictitem", map[string]any{"value": "2", "label": "二"},
			400, DictItemDict},
		{"item dictionary unknown", http.MethodPost, "/api/sysdictitem",
			map[string]any{"dictId": 999999, "value": "2", "label": "二"}, 400, DictNotFound},
		{"item value taken", http.MethodPost, "/api/sysdictitem", map[string]any{"dictId": id, "value": "1",
			"label": "一"}, 400, DictItemValueTaken},
		{"item value of a bad kind", http.MethodPost, "/api/sysdictitem", map[string]any{"dictId": id,
			"value": []int{1}, "label": "一"}, 400, fmt.Sprintf(msg.FieldBadFormat, "value")},
		{"unknown list parameter", http.MethodGet, "/api/sysdictitem?color=red", nil, 400,
			fmt.Sprintf(msg.QueryUnknownParam, "color")},
		{"select without a type", http.MethodPost, "/api/sysdictitem/selectSysDictItemList", map[string]any{}, 400,
			DictTypeParamRequired},
		{"select with an unknown field", http.MethodPost, "/api/sysdictitem/selectSysDictItemList",
			map[string]any{"dictType": "taken", "lang": "zh"}, 400, fmt.Sprintf(msg.UnknownBodyField, "lang")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, admin, tt.method, tt.path, tt.body)
			wantError(t, status, env, tt.status, tt.msg)
		})
	}
}

// TestSchemaDictsReadOnly: the tables of _dicts.yaml cannot be changed
// through the API, but an administrator may add items to them.
func TestSchemaDictsReadOnly(t *testing.T) {
	app, s := newTestApp(t)
	ctx := context.Background()
	admin := adminToken(t, app, s)
	withSchemaDicts(t, app, s, dictsV1)
	vt, err := s.ent.Dict.Query().Where(dict.Type("vehicle_type")).WithItems().Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	schemaItem := vt.Edges.Items[0].ID
	refused := []struct {
		name, method, path string
		body               any
		msg                string
	}{
		{"edit the dictionary", http.MethodPut, "/api/sysdict", map[string]any{"id": vt.ID, "type": "vehicle_type",
			"title": "改"}, DictFromSchema},
		{"delete the dictionary", http.MethodDelete, fmt.Sprintf("/api/sysdict/%d", vt.ID), nil, DictFromSchema},
		{"edit an item", http.MethodPut, fmt.Sprintf("/api/sysdictitem/%d", schemaItem),
			map[string]any{"value": "1", "label": "改"}, DictItemFromSchema},
		{"delete an item", http.MethodDelete, fmt.Sprintf("/api/sysdictitem/%d", schemaItem), nil,
			DictItemFromSchema},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			status, env := call(t, app, admin, tt.method, tt.path, tt.body)
			wantError(t, status, env, http.StatusForbidden, tt.msg)
		})
	}
	detail := mustOK(t, app, admin, http.MethodGet, fmt.Sprintf("/api/sysdict/%d", vt.ID), nil).(map[string]any)
	if detail["system"] != true || detail["items"].([]any)[0].(map[string]any)["system"] != true {
		t.Errorf("schema dictionary detail = %v, want system flags", detail)
	}
	added := num(mustOK(t, app, admin, http.MethodPost, "/api/sysdictitem",
		map[string]any{"type": "vehicle_type", "value": "9", "label": "拖拉机"}).(map[string]any)["id"])
	mustOK(t, app, admin, http.MethodPut, "/api/sysdictitem",
		map[string]any{"id": added, "value": "9", "label": "手扶拖拉机"})
	withSchemaDicts(t, app, s, dictsV2)
	got := mustOK(t, app, admin, http.MethodPost, "/api/sysdictitem/selectSysDictItemList",
		map[string]any{"dictType": "vehicle_type"})
	want := []any{
		map[string]any{"value": "1", "label": "小轿车"}, map[string]any{"value": "2", "label": "货车"},
		map[string]any{"value": "3", "label": "客车"}, map[string]any{"value": "9", "label": "手扶拖拉机"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items after the second sync (-want +got):\n%s", diff)
	}
	mustOK(t, app, admin, http.MethodDelete, fmt.Sprintf("/api/sysdictitem/%d", added), nil)
}

func TestSelectDictItems(t *testing.T) {
	app, s := newTestApp(t)
	withSchemaDicts(t, app, s, dictsV1)
	token := tokenWithCodes(t, app, s) // any signed-in user
	gender := []any{map[string]any{"value": "0", "label": "女"}, map[string]any{"value": "1", "label": "男", "color": "blue"}}
	tests := []struct {
		name string
		body any
		want any
	}{
		{"dictType", map[string]any{"dictType": "gender"}, gender},
		{"type", map[string]any{"type": "gender"}, gender},
		{"unknown type", map[string]any{"dictType": "nothing"}, []any{}},
		{"a list", map[string]any{"dictType": []string{"gender", "nothing"}},
			map[string]any{"gender": gender, "nothing": []any{}}},
		{"a comma list", map[string]any{"dictType": "gender,vehicle_type"}, map[string]any{"gender": gender,
			"vehicle_type": []any{map[string]any{"value": "1", "label": "轿车"}, map[string]any{"value": "2", "label": "货车"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustOK(t, app, token, http.MethodPost, "/api/sysdictitem/selectSysDictItemList", tt.body)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("form", func(t *testing.T) {
		status, env := postForm(t, app, token, "/api/sysdictitem/selectSysDictItemList", url.Values{"dictType": {"gender"}})
		if status != http.StatusOK || cmp.Diff(gender, env["data"]) != "" {
			t.Errorf("form call = %d %v", status, env)
		}
	})
}
