package demo

import (
	"fmt"
	"slices"
	"strings"

	"xiangzhi/engine/schema"
)

// personNames are text fields that hold a person's name.
var personNames = []string{"accountName", "applicantName", "authorName", "claimant", "contactName", "director",
	"directorName", "donor", "emergencyContact", "guardianName", "handingPerson", "headName", "helpersName",
	"intervieweeName", "keeperName", "lawyerName", "lecturer", "legalPerson", "managerName", "ownerName",
	"principal", "reporterName", "responsibleName", "rightHolderName", "sampler", "secretaryName",
	"submitPerson", "usedName", "name"}

// subjectNames are the person-name fields that name the record's subject.
var subjectNames = []string{"name", "applicantName", "intervieweeName", "headName", "accountName",
	"rightHolderName", "authorName"}

// addressFields hold a place in or near the record's organisation.
var addressFields = []string{"address", "installAddress", "regAddress", "houseAddress", "faultLocation",
	"place", "isolationPlace", "currentAddress", "domicileAddress", "partyAddress", "workArea", "serviceScope",
	"roadSection", "workPlace", "facilityName", "objectName", "bindName", "spotName"}

// elsewhere are places outside the county.
var elsewhere = []string{"山东省济南市历下区", "山东省青岛市黄岛区", "河北省邯郸市丛台区", "河南省郑州市金水区",
	"北京市大兴区", "天津市滨海新区", "江苏省苏州市工业园区", "浙江省宁波市鄞州区", "广东省东莞市长安镇",
	"上海市闵行区", "山东省聊城市东昌府区"}

// unitFields hold the name of an organisation or company.
var unitFields = map[string][]string{
	"company":               {"示范县城乡环卫服务有限公司", "鲁西环境工程有限公司", "示范县洁美保洁服务中心"},
	"operator":              {"示范县城乡环卫服务有限公司", "示范县生态环境监测站", "鲁西环境工程有限公司"},
	"organizer":             {"示范县农业农村局", "示范县农广校", "示范县科学技术协会"},
	"handleDept":            {"乡镇便民服务中心", "示范县民政局", "示范县人力资源和社会保障局", "示范县医疗保障局"},
	"helperUnit":            {"示范县农业农村局", "示范县财政局", "示范县供电公司", "县人民医院"},
	"ownerUnit":             {"村民委员会", "示范县水利局", "示范县交通运输局"},
	"publisher":             {"示范县融媒体中心", "示范县人民政府办公室", "村民委员会", "乡镇人民政府"},
	"replierOrg":            {"村民委员会", "乡镇人民政府", "乡镇综治中心"},
	"senderName":            {"示范县应急管理局", "示范县融媒体中心", "乡镇人民政府"},
	"supplier":              {"示范县供电公司城关供电所", "示范县自来水公司", "示范县供电公司河西供电所"},
	"testOrg":               {"示范县疾病预防控制中心", "示范县农产品质量检测中心", "县人民医院检验科"},
	"assessOrg":             {"示范县民政局评估中心", "示范县养老服务指导中心"},
	"appraisalOrg":          {"示范县住房和城乡建设局", "鲁西建筑工程质量检测有限公司"},
	"assignedOrg":           {"示范县法律援助中心", "示范县正义律师事务所", "示范县司法局法律服务所"},
	"registrationAuthority": {"示范县市场监督管理局"},
	"maintainer":            {"示范县通信工程有限公司", "鲁西安防科技有限公司", "示范县电信分公司"},
	"hospitalName":          {"示范县人民医院", "示范县中医医院", "聊城市人民医院", "乡镇卫生院"},
	"originalUnit":          {"北部战区陆军某部", "东部战区海军某部", "武警山东总队某支队", "中部战区空军某部"},
	"workUnit":              {"示范县农业农村局", "村民委员会", "示范县第一中学", "鲁西纺织有限公司", "个体经营"},
	"transferee":            {"示范县绿源农业专业合作社", "示范县丰收家庭农场", "鲁西种业有限公司"},
	"manufacturer":          {"海康威视", "大华股份", "宇视科技", "华为"},
	"destination":           {"示范县生活垃圾焚烧发电厂", "示范县餐厨垃圾处理中心"},
}

// special makes the values that follow from the record's subject or from
// the field's name rather than its type; false means no special value.
func (rc *recCtx) special(f *schema.Field) (any, bool) {
	p := rc.p
	switch {
	case p != nil && slices.Contains(subjectNames, f.Name) && f.Type == schema.TypeString:
		return p.Name, true
	case p != nil && f.Name == "gender" && f.Type == schema.TypeEnum:
		return p.Gender(), true
	case p != nil && f.Name == "villager" && f.Ref == "villager" && !f.Multiple:
		if p.ID == 0 {
			return nil, false
		}
		return p.ID, true
	case p != nil && f.Name == "household" && f.Ref == "household" && p.HouseholdID != 0:
		return p.HouseholdID, true
	case p != nil && f.Name == "grid" && f.Ref == "grid" && p.GridID != 0:
		return p.GridID, true
	case p != nil && f.Name == "address" && f.Type == schema.TypeString:
		return p.Address, true
	case p != nil && f.Name == "nation":
		return "01", true
	case p != nil && f.Name == "politicalStatus" && f.Dict == "political_status":
		return p.Politics(), true
	case f.Name == "partyName":
		return rc.g.anyResident(rc.o).Name, true
	case f.Name == "plateNo" || f.Name == "tripNo" && rc.g.rng.IntN(2) == 0:
		return plate(rc.g), true
	case f.Name == "ip":
		return fmt.Sprintf("10.%d.%d.%d", rc.o.Index, 10+rc.i, 2+rc.g.rng.IntN(250)), true
	case f.Name == "streamUrl":
		return fmt.Sprintf("rtsp://10.%d.%d.%d:554/Streaming/Channels/101", rc.o.Index, 10+rc.i, 2+rc.g.rng.IntN(250)), true
	case f.Name == "vin":
		return code(rc.g, "LZW", 14), true
	case f.Name == "downloadUrl" || f.Name == "vrUrl" || f.Name == "externalUrl" || f.Name == "linkUrl" ||
		f.Name == "domain" || f.Name == "shopUrls":
		return fmt.Sprintf("https://www.sfx.gov.cn/%s/%d", strings.ToLower(rc.m.Name), 100+rc.g.rng.IntN(900)), true
	case f.Name == "contactPhone" || f.Name == "phone" || f.Name == "emergencyPhone":
		if f.Type == schema.TypeMobile {
			return nil, false
		}
		return fmt.Sprintf("0635-%d", 5200000+rc.g.rng.IntN(800000)), true
	case f.Name == "openHours" || f.Name == "businessHours" || f.Name == "consultTime":
		return pick(rc.g, []string{"08:00-12:00，14:00-18:00", "全天开放", "周一至周五 8:30-17:30", "07:00-19:00"}), true
	}
	return nil, false
}

// text makes a string, text or rich-text value from the field's name and
// label.
func (rc *recCtx) text(f *schema.Field) string {
	g := rc.g
	n := f.Name
	switch {
	case slices.Contains(personNames, n):
		return g.ppl.name("", g.rng.IntN(3) > 0)
	case slices.Contains(addressFields, n):
		return rc.address()
	case n == "fromPlace" || n == "outWorkPlace" || n == "enlistPlace" || n == "nativePlace":
		return pick(g, elsewhere)
	case unitFields[n] != nil:
		return pick(g, unitFields[n])
	case isCode(n):
		return rc.code(f)
	}
	if lines := moduleTexts[rc.m.Name+"."+n]; len(lines) > 0 {
		body := pick(g, lines)
		if f.Type == schema.TypeRichText {
			return "<p>" + body + "</p>"
		}
		limit := f.MaxLength
		if limit == 0 && f.Type == schema.TypeString {
			limit = 40
		}
		if limit > 0 {
			return clip(body, limit)
		}
		return body
	}
	if t, ok := rc.title(f); ok {
		return t
	}
	body := rc.sentence(f)
	switch f.Type {
	case schema.TypeRichText:
		return "<p>" + body + "</p><p>" + pick(g, closings) + "</p>"
	case schema.TypeText:
		return body
	}
	return clip(body, 40)
}

// address is a place in the record's organisation: a house in a village
// group, or a street of the township seat.
func (rc *recCtx) address() string {
	o := rc.o
	if o.Kind == KindVillage {
		return fmt.Sprintf("%s%s%s%d组%d号", rc.g.county.Name, o.Parent.Name, o.Name, 1+rc.g.rng.IntN(6), 1+rc.g.rng.IntN(80))
	}
	street := pick(rc.g, []string{"人民路", "建设街", "振兴路", "育才路", "府前街", "光明路"})
	return fmt.Sprintf("%s%s%s%d号", rc.g.county.Name, strings.TrimPrefix(o.FullName(), rc.g.county.Name), street, 1+rc.g.rng.IntN(200))
}

// isCode reports whether a text field holds a number or code.
func isCode(n string) bool {
	for _, s := range []string{"Code", "No", "Sn", "Num", "Id"} {
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	return n == "sn" || n == "simNo" || n == "engineNo"
}

// code makes a record number: a prefix, the organisation's code or the
// date, and a sequence number of the module.
func (rc *recCtx) code(f *schema.Field) string {
	g := rc.g
	key := rc.m.Name + "." + f.Name
	g.seq[key]++
	n := g.seq[key]
	var s string
	switch f.Name {
	case "simNo":
		s = "1440" + fmt.Sprintf("%09d", g.rng.IntN(1_000_000_000))
	case "lowIncomeCertNo", "certNo", "serviceCardNo", "disabilityCertNo", "certificateNo", "filingNo",
		"trademarkNo", "contractNo", "hukouBookNo", "familyCode", "accountNum":
		s = fmt.Sprintf("%s%06d", rc.o.Code[:min(len(rc.o.Code), 9)], g.rng.IntN(1_000_000))
	case "traceCode":
		s = fmt.Sprintf("TR%s%08d", g.county.Code, g.rng.IntN(100_000_000))
	case "pickupCode":
		s = fmt.Sprintf("%06d", g.rng.IntN(1_000_000))
	default:
		s = fmt.Sprintf("%s%s-%04d", prefix(rc.m.Name, f.Name), rc.o.Code, n)
	}
	if max := f.MaxLen(); max > 0 && len(s) > max {
		s = fmt.Sprintf("%s%d", prefix(rc.m.Name, f.Name), 100000+n)
	}
	if f.MinLength > 0 && len(s) < f.MinLength {
		s += strings.Repeat("0", f.MinLength-len(s))
	}
	return s
}

// numberPrefixes are the house prefixes of record numbers (pinyin
// initials: 告警 GJ, 事件 SJ, …).
var numberPrefixes = map[string]string{
	"alarm.alarmNo": "GJ", "event.eventNo": "SJ", "envEvent.eventNo": "HJ", "patrol.patrolNo": "XC",
	"pointsOrder.orderNo": "DD", "repairOrder.orderNo": "BX", "superviseRecord.superviseNo": "DB",
	"broadcastTask.taskNo": "GB", "povertyPlan.planNo": "BF", "carInOut.recordNo": "GB", "quality.recordNo": "JC",
	"visit.visitNo": "ZF", "dangerousBuilding.archiveNo": "WF", "pointsRule.ruleCode": "JF",
}

// prefix is the house prefix of a record number, else the upper-case
// initials of the module and field name.
func prefix(module, field string) string {
	if p, ok := numberPrefixes[module+"."+field]; ok {
		return p
	}
	var b strings.Builder
	for i, r := range module + strings.ToUpper(field[:1]) + field[1:] {
		if i == 0 || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		}
	}
	return strings.ToUpper(b.String())
}

// code is a prefix followed by n random digits and capitals.
func code(g *gen, prefix string, n int) string {
	const alphabet = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
	b := []byte(prefix)
	for i := 0; i < n; i++ {
		b = append(b, alphabet[g.rng.IntN(len(alphabet))])
	}
	return string(b)
}

// plate is a licence plate of the area (鲁P).
func plate(g *gen) string {
	return "鲁P" + code(g, "", 5)
}

// title makes the name or title of a record from the module's word lists,
// or "<organisation><module title><n>号".
func (rc *recCtx) title(f *schema.Field) (string, bool) {
	g := rc.g
	words, ok := titles[rc.m.Name+"."+f.Name]
	if !ok {
		words, ok = titles[f.Name]
	}
	if ok {
		w := pick(g, words)
		if f.Unique {
			w = words[g.seq["title."+rc.m.Name+"."+f.Name]%len(words)]
			g.seq["title."+rc.m.Name+"."+f.Name]++
		}
		if strings.Contains(w, "%s") {
			w = fmt.Sprintf(w, rc.o.Name)
		}
		return clip(w, f.MaxLen()), true
	}
	if f.Type != schema.TypeString || !(strings.HasSuffix(f.Name, "Name") || f.Name == "title" || f.Name == "name") {
		return "", false
	}
	label := strings.TrimSuffix(strings.TrimSuffix(rc.m.Title, "管理"), "信息")
	return clip(fmt.Sprintf("%s%s%d号", rc.o.Name, label, rc.i+1), f.MaxLen()), true
}

// sentence is a line of text for a descriptive field, chosen by what its
// label says.
func (rc *recCtx) sentence(f *schema.Field) string {
	g := rc.g
	l := f.Label
	switch {
	case containsAny(l, "意见"):
		return pick(g, opinions)
	case containsAny(l, "结果", "反馈", "情况", "整改", "落实", "结案", "进度"):
		return pick(g, results)
	case containsAny(l, "措施", "处置", "帮扶"):
		return pick(g, measures)
	case containsAny(l, "诉求", "需求", "原因", "理由", "事由"):
		return pick(g, demands)
	case containsAny(l, "简介", "介绍", "说明", "范围", "描述", "内容", "正文", "要求", "条件", "材料", "流程"):
		return fmt.Sprintf("%s%s。%s", rc.o.Name, rc.m.Title, pick(g, descriptions))
	}
	return fmt.Sprintf("%s：%s", strings.TrimSuffix(l, "(元)"), pick(g, descriptions))
}

// patternValue makes a value matching one of the patterns the schemas
// use; a pattern it does not know is an error the caller's validation
// reports.
func patternValue(rc *recCtx, f *schema.Field) (any, bool) {
	g := rc.g
	switch f.Pattern {
	case `^([01]\d|2[0-3]):[0-5]\d$`:
		if f.Name == "offTime" {
			return fmt.Sprintf("%02d:%02d", 17+g.rng.IntN(2), 30*g.rng.IntN(2)), true
		}
		return fmt.Sprintf("%02d:%02d", 7+g.rng.IntN(2), 30*g.rng.IntN(2)), true
	case `^[0-9]{4}-(0[1-9]|1[0-2])$`:
		return g.day(-g.rng.IntN(365)).Format("2006-01"), true
	case `^[0-9]{10,30}$`:
		return g.ppl.bankCard(), true
	case `^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$`:
		return g.ppl.uscc(g.county.Code), true
	case `^[0-9]{12}$`:
		return rc.o.Code + strings.Repeat("0", 12-len(rc.o.Code)), true
	case `^[0-9]{20}$`:
		// GB/T 28181: centre code (8), industry (2), type 131 camera, network (1), serial (6).
		return fmt.Sprintf("%s001310%06d", (rc.o.Code + "00000000")[:8], g.rng.IntN(1_000_000)), true
	case `^#[0-9a-fA-F]{6}$`:
		return pick(g, []string{"#1677ff", "#52c41a", "#fa8c16", "#f5222d", "#722ed1", "#13c2c2", "#eb2f96"}), true
	case `^[A-Za-z0-9_]+$`, `^[A-Za-z0-9_-]+$`, `^[A-Za-z][A-Za-z0-9_-]*$`, `^[A-Za-z0-9._-]+$`:
		g.seq[rc.m.Name+"."+f.Name]++
		return fmt.Sprintf("%s_%d", strings.ToLower(rc.m.Name), g.seq[rc.m.Name+"."+f.Name]), true
	case `^[0-9]+\.[0-9]+\.[0-9]+$`:
		return fmt.Sprintf("%d.%d.%d", 1+g.rng.IntN(3), g.rng.IntN(10), g.rng.IntN(20)), true
	case `^[0-9a-fA-F]{32}$`:
		return fmt.Sprintf("%016x%016x", g.rng.Uint64(), g.rng.Uint64()), true
	case `^[0-9-]{7,20}$`:
		return fmt.Sprintf("0635-%d", 5200000+g.rng.IntN(800000)), true
	case `^https?://`:
		return fmt.Sprintf("https://zwfw.sfx.gov.cn/item/%d", 1000+g.rng.IntN(9000)), true
	case `^[0-9]{17}[0-9X][1-7][1-4]([A-Z][0-9])?$`:
		if rc.p != nil {
			return rc.p.IDCard + fmt.Sprint(1+g.rng.IntN(7)) + fmt.Sprint(1+g.rng.IntN(4)), true
		}
		return rc.g.anyResident(rc.o).IDCard + "41", true
	}
	return "", true
}
