// Package load prepares a benchmark: the sample module (about ten fields of
// the kinds a register has), realistic rows for it, and the bulk load of N
// rows through the store, so the server measured afterwards reads the same
// tables a real installation would.
package load

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// ModuleYAML is the benchmark's module: a subsidy-like register.
const ModuleYAML = `name: benchRecord
title: 压测登记
group: bench
api: /bench/records
permission: bench.record
orgScoped: true
fields:
  - {name: name, label: 姓名, type: string, required: true, maxLength: 20, list: true, filter: contains}
  - {name: idCard, label: 身份证号, type: idcard, required: true, filter: equals}
  - {name: mobile, label: 手机号, type: mobile, list: true, filter: equals}
  - {name: gender, label: 性别, type: enum, options: [{value: 1, label: 男}, {value: 2, label: 女}], list: true, filter: equals}
  - {name: village, label: 所在村, type: string, maxLength: 30, list: true, filter: equals, sort: true}
  - {name: category, label: 类别, type: enum, options: [{value: a, label: 一类}, {value: b, label: 二类}, {value: c, label: 三类}], filter: equals}
  - {name: age, label: 年龄, type: int, min: 0, max: 150, filter: range, sort: true}
  - {name: amount, label: 金额(元), type: decimal, scale: 2, min: 0, list: true}
  - {name: applyDate, label: 申请日期, type: date, required: true, list: true, filter: range, sort: true}
  - {name: remark, label: 备注, type: text, maxLength: 500}
list: {sort: "applyDate,desc", pageSize: 10}
`

const menusYAML = `- {name: bench, title: 压测, icon: DashboardOutlined, order: 1}
`

// WriteSchemas writes the benchmark's schemas tree into dir and loads it.
func WriteSchemas(dir string) (*schema.Set, *schema.Module, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "benchRecord.yaml"), []byte(ModuleYAML), 0o644); err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "_menus.yaml"), []byte(menusYAML), 0o644); err != nil {
		return nil, nil, err
	}
	set, errs := schema.LoadFS(os.DirFS(dir), ".")
	if len(errs) > 0 {
		return nil, nil, fmt.Errorf("load bench schema: %v", errs[0])
	}
	m := set.Module("benchRecord")
	if m == nil {
		return nil, nil, fmt.Errorf("bench module missing after load")
	}
	return set, m, nil
}

// Surnames are the commonest Chinese surnames; the contains scenario
// searches for them.
var Surnames = []string{"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭", "何", "高", "林", "罗"}

var given = []string{"伟", "芳", "娜", "秀英", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明", "超", "秀兰", "霞", "平", "刚", "桂英", "建国", "春梅"}

var villages = []string{"东关村", "西街村", "南岗村", "北坡村", "王庄村", "李家村", "河湾村", "柳树村", "杏花村", "石桥村", "新庄村", "后营村"}

// Row makes the i-th benchmark row, deterministic for a seed.
func Row(r *rand.Rand) store.Record {
	birth := time.Date(1940+r.IntN(65), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
	apply := time.Now().AddDate(0, 0, -r.IntN(730))
	gender := int64(1 + r.IntN(2))
	return store.Record{
		"name":      Surnames[r.IntN(len(Surnames))] + given[r.IntN(len(given))],
		"idCard":    IDCard(r, birth, gender),
		"mobile":    fmt.Sprintf("1%d%09d", 3+r.IntN(7), r.IntN(1_000_000_000)),
		"gender":    gender,
		"village":   villages[r.IntN(len(villages))],
		"category":  []string{"a", "b", "c"}[r.IntN(3)],
		"age":       int64(time.Now().Year() - birth.Year()),
		"amount":    float64(r.IntN(500000)) / 100,
		"applyDate": apply.Format("2006-01-02"),
		"remark":    "压测数据",
	}
}

// IDCard makes a valid 18-digit resident ID number (GB 11643 check digit)
// for a birth date and gender (1 male: odd sequence digit).
func IDCard(r *rand.Rand, birth time.Time, gender int64) string {
	seq := r.IntN(500) * 2
	if gender == 1 {
		seq++
	}
	body := fmt.Sprintf("371502%s%03d", birth.Format("20060102"), seq)
	weights := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i, w := range weights {
		sum += int(body[i]-'0') * w
	}
	return body + string("10X98765432"[sum%11])
}

// Fill inserts rows until the module's table holds n rows, in transactions of
// batch rows, reporting progress through report.
func Fill(ctx context.Context, st *store.Store, m *schema.Module, sc store.Scope, n, batch int, report func(done int)) error {
	r := rand.New(rand.NewPCG(1, 2))
	for done := 0; done < n; {
		k := min(batch, n-done)
		recs := make([]store.Record, k)
		for i := range recs {
			recs[i] = Row(r)
		}
		if err := st.CreateMany(ctx, m, sc, recs); err != nil {
			return fmt.Errorf("insert rows %d–%d: %w", done, done+k, err)
		}
		done += k
		if report != nil {
			report(done)
		}
	}
	return nil
}
