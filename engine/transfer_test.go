package engine_test

import (
	"bytes"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/apitest"
)

// workbook builds an xlsx whose first sheet holds rows; a time.Time cell
// becomes a date-formatted cell as Excel would store it.
func workbook(t *testing.T, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	dateStyle, err := f.NewStyle(&excelize.Style{NumFmt: 14})
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range rows {
		for j, v := range row {
			cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
			if v == nil {
				continue
			}
			if err := f.SetCellValue("Sheet1", cell, v); err != nil {
				t.Fatal(err)
			}
			if _, ok := v.(time.Time); ok {
				if err := f.SetCellStyle("Sheet1", cell, cell, dateStyle); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// sheetRows reads the first sheet of an xlsx answer.
func sheetRows(t *testing.T, res *httptest.ResponseRecorder) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(res.Body.Bytes()))
	if err != nil {
		t.Fatalf("answer is not an xlsx: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func checkXLSXHeaders(t *testing.T, res *httptest.ResponseRecorder, namePrefix string) {
	t.Helper()
	if ct := res.Header().Get("Content-Type"); ct != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Errorf("Content-Type = %q", ct)
	}
	cd := res.Header().Get("Content-Disposition")
	if !strings.HasPrefix(cd, `attachment; filename="handicapped_`) || !strings.Contains(cd, "filename*=UTF-8''"+namePrefix) {
		t.Errorf("Content-Disposition = %q", cd)
	}
}

// pct is the RFC 5987 encoding of 残疾人补贴.
const pct = "%E6%AE%8B%E7%96%BE%E4%BA%BA%E8%A1%A5%E8%B4%B4"

func runTransfer(t *testing.T, a *testApp) {
	h := a.Handler()
	p := "onlineVillage.handicapped."
	header := []any{"姓名", "*身份证号", "性别", "残疾等级", "补贴金额(元)", "申请日期", "是否低保", "联系电话", "备注"}
	good := [][]any{
		{"钱八", apitest.IDCard(20), "男", "一级", 200, "2024-07-01", "否"},
		{"周九", apitest.IDCard(21), "女", "3", "88.80", time.Date(2024, 8, 15, 0, 0, 0, 0, time.UTC), "是", "13900139000", "新申请"},
	}
	mixed := [][]any{header,
		good[0],
		{"", "123", "未知", "一级"},
		{"重复", apitest.IDCard(2), "男"},
		{"同文件重复", apitest.IDCard(20), "男"},
		{},
		good[1],
	}
	apitest.Run(t, h, []apitest.Scenario{
		{Name: "export", Method: "GET", URL: subsidies + "/export?gender=1&sort=id,asc", ExpectedStatus: 200,
			Check: func(t *testing.T, res *httptest.ResponseRecorder) {
				if got := a.sys.LastCode(); got != p+"export" {
					t.Errorf("code = %q", got)
				}
				checkXLSXHeaders(t, res, pct+"_")
				rows := sheetRows(t, res)
				want := [][]string{
					{"姓名", "身份证号", "性别", "残疾等级", "补贴金额(元)", "申请日期", "是否低保", "联系电话", "备注", "审核状态"},
					{"张三丰", apitest.IDCard(1), "男", "二级", "100.5", "2024-03-01", "是", "13800138000", "", "已通过"},
					{"赵六", apitest.IDCard(3), "男", "", "", "2023-12-31", "", "", "改", "审核中"},
				}
				if diff := cmp.Diff(want, rows); diff != "" {
					t.Errorf("export rows (-want +got):\n%s", diff)
				}
			}},
		{Name: "export of another tenant", Method: "GET", URL: subsidies + "/export", Headers: tenant2, ExpectedStatus: 200,
			Check: func(t *testing.T, res *httptest.ResponseRecorder) {
				if rows := sheetRows(t, res); len(rows) != 3 || rows[1][0] != "孙七" {
					t.Errorf("rows = %v, want tenant 2's two records", rows)
				}
			}},
		{Name: "export unknown criteria", Method: "GET", URL: subsidies + "/export?salary=1", ExpectedStatus: 400,
			ExpectedContent: []string{`不支持的查询参数：salary`}},
		{Name: "import template", Method: "GET", URL: subsidies + "/import/template", ExpectedStatus: 200,
			Check: func(t *testing.T, res *httptest.ResponseRecorder) {
				if got := a.sys.LastCode(); got != p+"import" {
					t.Errorf("code = %q", got)
				}
				checkXLSXHeaders(t, res, pct+"%E4%B8%8B%E8%BD%BD")
				rows := sheetRows(t, res)
				want := [][]string{{"姓名", "身份证号", "性别", "残疾等级", "补贴金额(元)", "申请日期", "是否低保", "联系电话", "备注"}}
				if diff := cmp.Diff(want, rows); diff != "" {
					t.Errorf("template (-want +got):\n%s", diff)
				}
			}},
		{Name: "dry run report", Method: "POST", URL: subsidies + "/import", File: &apitest.File{Name: "a.xlsx", Data: workbook(t, mixed)},
			ExpectedStatus: 200, ExpectedContent: []string{
				`"total":5,"valid":2`,
				`{"row":3,"field":"name","message":"姓名不能为空"}`,
				`{"row":3,"field":"idCard","message":"身份证号格式不正确"}`,
				`{"row":3,"field":"gender","message":"性别的值“未知”不在可选范围内"}`,
				`{"row":4,"field":"idCard","message":"身份证号已存在"}`,
				`{"row":5,"field":"idCard","message":"身份证号与第2行重复"}`,
			}, NotExpectedContent: []string{`"row":2,`, `"row":6`, `"row":7`},
			Check: wantCode(a, p+"import")},
		{Name: "commit refused while rows are bad", Method: "POST", URL: subsidies + "/import?dryRun=false",
			File: &apitest.File{Name: "a.xlsx", Data: workbook(t, mixed)}, ExpectedStatus: 400,
			ExpectedContent: []string{`"code":400,"msg":"导入数据有误，请修正后重新导入"`, `"data":{"total":5,"valid":2`}},
		{Name: "nothing was imported", Method: "GET", URL: subsidies + "?name=钱八", ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":0`}},
		{Name: "commit", Method: "POST", URL: subsidies + "/import?dryRun=false",
			File:           &apitest.File{Name: "a.xlsx", Data: workbook(t, append([][]any{header}, good...))},
			ExpectedStatus: 200, ExpectedContent: []string{`{"code":0,"msg":"操作成功","data":{"imported":2}}`}},
		{Name: "imported values", Method: "GET", URL: subsidies + "?name.contains=%E5%91%A8", ExpectedStatus: 200,
			ExpectedContent: []string{`"recordsTotal":1`, `"gender":"0"`, `"grade":3`, `"applyDate":"2024-08-15"`,
				`"lowIncome":true`, `"amount":88.8`, `"remark":"新申请"`, `"auditStatus":1`}},
		{Name: "re-import reports the duplicates", Method: "POST", URL: subsidies + "/import",
			File:           &apitest.File{Name: "a.xlsx", Data: workbook(t, append([][]any{header}, good...))},
			ExpectedStatus: 200, ExpectedContent: []string{`"total":2,"valid":0`, `{"row":2,"field":"idCard","message":"身份证号已存在"}`}},
		{Name: "unknown and export-only headers", Method: "POST", URL: subsidies + "/import",
			File: &apitest.File{Name: "a.xlsx", Data: workbook(t, [][]any{
				{"姓名", "身份证号", "性别", "工资", "审核状态"},
				{"吴十", apitest.IDCard(30), "男", "100", "已通过"},
			})},
			ExpectedStatus: 200, ExpectedContent: []string{`"total":1,"valid":1`, `{"row":1,"field":"工资","message":"未知的列：工资"}`},
			NotExpectedContent: []string{`审核状态`}},
		{Name: "not an xlsx", Method: "POST", URL: subsidies + "/import",
			File: &apitest.File{Name: "a.xlsx", Data: []byte("name,idCard\n")}, ExpectedStatus: 400,
			ExpectedContent: []string{`{"code":400,"msg":"文件格式有误，请上传xlsx文件"}`}},
		{Name: "no data rows", Method: "POST", URL: subsidies + "/import",
			File: &apitest.File{Name: "a.xlsx", Data: workbook(t, [][]any{header})}, ExpectedStatus: 400,
			ExpectedContent: []string{`导入文件中没有数据`}},
		{Name: "file too large", Method: "POST", URL: subsidies + "/import",
			File: &apitest.File{Name: "big.xlsx", Data: make([]byte, 10<<20+1)}, ExpectedStatus: 413,
			ExpectedContent: []string{`{"code":413,"msg":"导入文件不能超过10M"}`}},
		{Name: "no file", Method: "POST", URL: subsidies + "/import", Body: `{}`, ExpectedStatus: 400,
			ExpectedContent: []string{`请选择要导入的文件`}},
		{Name: "bad dryRun", Method: "POST", URL: subsidies + "/import?dryRun=maybe",
			File: &apitest.File{Name: "a.xlsx", Data: workbook(t, mixed)}, ExpectedStatus: 400},
	})
}
