package content

// Texts of the article hooks: answers of the shelf and pin calls and the
// names of their routes.
const (
	// ShelfStatusInvalid names the allowed shelf changes.
	ShelfStatusInvalid = "上架状态只能为 1（上架）或 2（下架）"
	// ArticleNotShelved refuses to pin an article that is not on the shelf.
	ArticleNotShelved = "只有已上架的文章可以置顶"
)

// Names of the routes, after the module's title.
const (
	routeShelves    = "-批量上架/下架"
	routeTopFlagOn  = "-置顶"
	routeTopFlagOff = "-取消置顶"
)
