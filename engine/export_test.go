package engine_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/engine/msg"
)

// exportWriter is a response writer that records each body write and can
// hold the first one until released.
type exportWriter struct {
	header  http.Header
	status  int
	body    bytes.Buffer
	writes  int
	largest int
	hold    chan struct{} // when set, the first write waits for it to close
	held    chan struct{} // closed when the first write arrives
	once    sync.Once
}

func newExportWriter(hold bool) *exportWriter {
	w := &exportWriter{header: http.Header{}, held: make(chan struct{})}
	if hold {
		w.hold = make(chan struct{})
	}
	return w
}

func (w *exportWriter) Header() http.Header { return w.header }
func (w *exportWriter) WriteHeader(s int)   { w.status = s }
func (w *exportWriter) Write(p []byte) (int, error) {
	w.once.Do(func() {
		close(w.held)
		if w.hold != nil {
			<-w.hold
		}
	})
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.writes++
	w.largest = max(w.largest, len(p))
	return w.body.Write(p)
}

// idCardN is a valid ID number for any n below 12,000 (apitest.IDCard
// repeats after 1,000): the birth month counts the thousands.
func idCardN(n int) string {
	body := fmt.Sprintf("1101051990%02d01%03d", 1+n/1000, n%1000)
	weights := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i, w := range weights {
		sum += int(body[i]-'0') * w
	}
	return body + string("10X98765432"[sum%11])
}

// An export is written to the client as its rows are read, not assembled
// first; at most MaxExports run at once, and an export that waits longer
// than ExportWait for one to end is answered 503 in Chinese.
func TestExportStreamsAndIsBounded(t *testing.T) {
	a := newTestApp(t, apitest.SQLiteURL(t), func(c *config.Config) {
		c.MaxExports, c.ExportWait = 1, 200*time.Millisecond
	})
	h := a.Handler()
	const n = 3000
	rows := [][]any{{"姓名", "身份证号", "性别", "残疾等级", "补贴金额(元)", "申请日期", "是否低保", "联系电话", "备注"}}
	for i := range n {
		rows = append(rows, []any{fmt.Sprintf("村民%04d", i), idCardN(i), "男", "一级", 100 + i, "2024-07-01", "否",
			fmt.Sprintf("139%08d", i), fmt.Sprintf("第%d条备注，写得长一些好让表格有些分量", i)})
	}
	apitest.Run(t, h, []apitest.Scenario{{Name: "import", Method: "POST", URL: subsidies + "/import?dryRun=false",
		File: &apitest.File{Name: "a.xlsx", Data: workbook(t, rows)}, ExpectedStatus: 200,
		ExpectedContent: []string{fmt.Sprintf(`"imported":%d`, n)}}})

	export := func(w *exportWriter) {
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, subsidies+"/export?sort=id,asc", nil))
	}
	w := newExportWriter(false)
	export(w)
	if w.status != http.StatusOK {
		t.Fatalf("export = %d %s", w.status, w.body.String())
	}
	f, err := excelize.OpenReader(bytes.NewReader(w.body.Bytes()))
	if err != nil {
		t.Fatalf("export is not an xlsx: %v", err)
	}
	got, err := f.GetRows(msg.ExportSheet)
	f.Close()
	if err != nil || len(got) != n+1 || got[1][0] != "村民0000" || got[n][1] != idCardN(n-1) || got[n][4] != fmt.Sprint(100+n-1) {
		t.Fatalf("exported %d rows (%v), first %q, last %q", len(got), err, got[min(1, len(got)-1)], got[len(got)-1])
	}
	// Assembled first, the workbook would arrive in one write.
	if w.writes < 10 || w.largest > w.body.Len()/4 {
		t.Errorf("%d bytes in %d writes, the largest %d: not streamed", w.body.Len(), w.writes, w.largest)
	}

	// One export holds the only slot (its client reads nothing yet).
	first := newExportWriter(true)
	done := make(chan struct{})
	go func() { defer close(done); export(first) }()
	<-first.held
	apitest.Run(t, h, []apitest.Scenario{{Name: "second export while the slot is held", Method: "GET",
		URL: subsidies + "/export", ExpectedStatus: http.StatusServiceUnavailable,
		ExpectedContent: []string{`{"code":503,"msg":"` + msg.ExportBusy + `"}`}}})
	close(first.hold)
	<-done
	if first.status != http.StatusOK || first.body.Len() != w.body.Len() {
		t.Errorf("held export = %d, %d bytes, want %d", first.status, first.body.Len(), w.body.Len())
	}
	second := newExportWriter(false)
	export(second)
	if second.status != http.StatusOK {
		t.Errorf("export after the slot is freed = %d", second.status)
	}
}
