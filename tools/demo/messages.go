package demo

// Texts of the demo data generator (`xiangzhi demo`).
const (
	// DemoExists refuses to fill a database that already holds demo data.
	DemoExists = "演示数据已存在；如需重新生成，请加 --force 参数运行"
	// DemoAccountDetail is the personal description of every demo user.
	DemoAccountDetail = "演示账号，密码见 docs/demo.md"
)
