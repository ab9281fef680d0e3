from django.urls import path

app_name = "accounts"
urlpatterns: list = [
    # signup, profile/<username>, notices: built with the accounts pages.
]
