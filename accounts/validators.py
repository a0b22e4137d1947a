"""What a new username may be: Django's characters, at most USERNAME_MAX_LENGTH of them.

Names taken before the limit keep working: only a new name is checked
(``ACCOUNT_USERNAME_VALIDATORS``, and the sign-up form's field).
"""

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.validators import MaxLengthValidator

from accounts.forms import USERNAME_MAX_LENGTH

username_validators = [UnicodeUsernameValidator(), MaxLengthValidator(USERNAME_MAX_LENGTH)]
