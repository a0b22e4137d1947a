from django import template

from leaderboard.models import signed as signed_text

register = template.Library()


@register.filter
def signed(delta: int) -> str:
    """A rating change as written on the pages: "+14", "−9", "±0"."""
    return signed_text(int(delta))
