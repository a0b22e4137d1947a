"""What a new username may be: Django's characters, at most USERNAME_MAX_LENGTH of them.

Names taken before the limit keep working: only a new name is checked
(``ACCOUNT_USERNAME_VALIDATORS``, and the sign-up form's field).
"""

import re

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.validators import MaxLengthValidator

from accounts.forms import USERNAME_MAX_LENGTH

username_validators = [UnicodeUsernameValidator(), MaxLengthValidator(USERNAME_MAX_LENGTH)]

# What any username may be, taken before the limit or not (Django's characters): a name
# in a path that is not one (a NUL, a space) names no player, without a query.
USERNAME = re.compile(r"^[\w.@+-]{1,150}\Z")
