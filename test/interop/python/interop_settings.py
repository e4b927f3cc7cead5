"""Label Studio 1.22's own settings, with a shorter access-token lifetime when the interop suite asks.

Label Studio has no setting of its own for it (simplejwt's default of 5 minutes applies); a test
that needs an access token to expire during a sync points DJANGO_SETTINGS_MODULE here.
"""
import os
from datetime import timedelta

# Label Studio's settings module reads django.conf.settings while it is being imported (Sentry's
# setup); that read must find Label Studio's module, as it does when Label Studio starts normally.
os.environ['DJANGO_SETTINGS_MODULE'] = 'label_studio.core.settings.label_studio'
from label_studio.core.settings.label_studio import *  # noqa: E402,F401,F403

os.environ['DJANGO_SETTINGS_MODULE'] = __name__

SIMPLE_JWT = {
    'ACCESS_TOKEN_LIFETIME': timedelta(seconds=int(os.environ['OUTPOST_INTEROP_ACCESS_TOKEN_SECONDS'])),
}
