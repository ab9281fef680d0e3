app_name = "clubs"
urlpatterns: list = []
