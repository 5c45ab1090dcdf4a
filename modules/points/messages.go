package points

// Texts of the points hooks: answers of the points calls and the names of
// their routes.
const (
	// PointsOwnerRequired asks whose points change.
	PointsOwnerRequired = "请选择积分所属的村民或户"
	// PointsRequired asks for the points of an entry without a rule.
	PointsRequired = "请填写变动积分（不能为0）"
	// PointsRuleDisabled refuses an entry under a rule that is switched off.
	PointsRuleDisabled = "该积分规则已停用，不能用于积分评定"
	// PointsHouseholdMismatch refuses a villager and a household that do
	// not belong together.
	PointsHouseholdMismatch = "村民不属于所选的户"
)

// Names of the routes, after the module's title.
const (
	routeObtain = "-获得/扣减积分"
	routeRevoke = "-撤销"
	routeTotal  = "-积分合计"
)

// Texts of the exchange orders (积分兑换).
const (
	// OrderQuantity asks for a quantity of at least one.
	OrderQuantity = "兑换数量至少为 1"
	// OrderGoodsRequired asks for a good that exists.
	OrderGoodsRequired = "请选择要兑换的商品"
	// OrderVillagerRequired asks for the villager who exchanges.
	OrderVillagerRequired = "请选择兑换人"
	// OrderGoodsOff refuses a good that is not on the shelf.
	OrderGoodsOff = "该商品已下架，不能兑换"
	// OrderStockShort refuses a quantity beyond the stock (%d: the stock).
	OrderStockShort = "商品库存不足，当前库存 %d 件"
	// OrderLimit refuses more than the per-person limit (%d: the limit,
	// %d: how many the villager already has).
	OrderLimit = "超出每人限兑数量：每人限兑 %d 件，已兑换 %d 件"
	// OrderPointsShort refuses an order the balance does not cover (%d:
	// the order's points, %d: the balance).
	OrderPointsShort = "积分不足：本次兑换需要 %d 积分，当前可用积分 %d"
	// OrderFrozen refuses changing what an order took.
	OrderFrozen = "订单提交后不能修改商品、数量或兑换人，请取消后重新下单"
	// OrderDeleteHeld refuses deleting an order that still holds points.
	OrderDeleteHeld = "订单未完结，请先取消或退回后再删除"
	// ReasonSpend is the points log reason of an exchange (goods, quantity).
	ReasonSpend = "兑换「%s」×%d"
	// ReasonSpendBy is the reason of a household's exchange (villager,
	// goods, quantity).
	ReasonSpendBy = "%s 兑换「%s」×%d"
	// ReasonReturn is the reason of the entry that gives the points back
	// (order number, the action: 取消 or 退回).
	ReasonReturn = "订单 %s %s，退还积分"
)
