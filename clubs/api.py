"""The clubs API. Views parse input, call a service and serialize; a `ClubError` from a service
becomes HTTP 400, 403 or 409 with `detail` (the reason) and `code`."""

from django.db.models import Count, Q
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import filters, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from core.api import ID_IN_PATH, SLUG_IN_PATH, bool_param, choice_param, error_responses
from core.choices import Game

from . import services
from .models import Club, ClubNight, JoinRequest, Membership, Registration
from .permissions import club_access
from .serializers import (
    ClubInputSerializer,
    ClubSerializer,
    JoinInputSerializer,
    JoinRequestSerializer,
    JoinResultSerializer,
    MembershipSerializer,
    NightInputSerializer,
    NightSerializer,
    RegistrationSerializer,
    RoleInputSerializer,
    WalkInInputSerializer,
)


def _with_errors(ok: dict) -> dict:
    return {**ok, **error_responses(400, 403, 409)}


# Clubs -------------------------------------------------------------------------------------------


@extend_schema_view(
    list=extend_schema(summary="Clubs"),
    retrieve=extend_schema(summary="A club"),
)
@extend_schema(tags=["clubs"])
class ClubViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Clubs: anyone may look; anyone signed in may create one (and owns it)."""

    lookup_value_regex = SLUG_IN_PATH
    serializer_class = ClubSerializer
    lookup_field = "slug"
    filter_backends = [filters.SearchFilter]
    search_fields = ["name", "venue"]
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return Club.objects.annotate(member_count=Count("memberships", distinct=True)).order_by(
            "name"
        )

    def _club(self) -> Club:
        return get_object_or_404(Club, slug=self.kwargs["slug"])

    def _read(self, club, code=status.HTTP_200_OK):
        club = self.get_queryset().get(pk=club.pk)
        return Response(self.get_serializer(club).data, status=code)

    @extend_schema(
        summary="Create a club",
        request=ClubInputSerializer,
        responses=_with_errors({201: ClubSerializer}),
    )
    def create(self, request):
        data = ClubInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = services.club_create(request.user, **data.validated_data)
        return self._read(club, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Edit a club (directors)",
        request=ClubInputSerializer(partial=True),
        responses=_with_errors({200: ClubSerializer}),
    )
    def partial_update(self, request, slug=None):
        club = self._club()
        data = ClubInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        services.club_update(request.user, club, **data.validated_data)
        return self._read(club)

    @extend_schema(
        summary="Join a club",
        description="Open clubs add you at once (`joined: true`); closed clubs record a request "
        "for a director to decide.",
        request=JoinInputSerializer,
        responses=_with_errors({201: JoinResultSerializer}),
    )
    @action(detail=True, methods=["post"])
    def join(self, request, slug=None):
        data = JoinInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.club_join(request.user, self._club(), **data.validated_data)
        body = {
            "joined": result.joined,
            "membership": MembershipSerializer(result.membership).data
            if result.membership
            else None,
            "request": JoinRequestSerializer(result.request).data if result.request else None,
        }
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Leave a club",
        description="The last owner can't leave.",
        request=None,
        responses=_with_errors({204: None}),
    )
    @action(detail=True, methods=["post"])
    def leave(self, request, slug=None):
        services.club_leave(request.user, self._club())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="Withdraw your pending request to join",
        request=None,
        responses=_with_errors({204: None}),
    )
    @action(detail=True, methods=["post"], url_path="withdraw-request")
    def withdraw_request(self, request, slug=None):
        services.join_request_withdraw(request.user, self._club())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="The club's members (members only)",
        responses=_with_errors({200: MembershipSerializer(many=True)}),
    )
    @action(detail=True, methods=["get"], permission_classes=[IsAuthenticated])
    def members(self, request, slug=None):
        club = self._club()
        if not club_access(request.user, club).is_member:
            raise PermissionDenied(_("The member list is for the club's members."))
        memberships = club.memberships.select_related("user", "club").order_by("user__username")
        page = self.paginate_queryset(memberships)
        return self.get_paginated_response(MembershipSerializer(page, many=True).data)

    @extend_schema(
        summary="Pending requests to join (directors)",
        responses=_with_errors({200: JoinRequestSerializer(many=True)}),
    )
    @action(detail=True, methods=["get"], permission_classes=[IsAuthenticated])
    def requests(self, request, slug=None):
        club = self._club()
        if not club_access(request.user, club).is_director:
            raise PermissionDenied(_("Only the club's directors see requests to join."))
        pending = club.join_requests.filter(status=JoinRequest.Status.PENDING).select_related(
            "user", "club"
        )
        page = self.paginate_queryset(pending)
        return self.get_paginated_response(JoinRequestSerializer(page, many=True).data)


# Memberships and requests ------------------------------------------------------------------------


@extend_schema_view(
    list=extend_schema(summary="Memberships"),
    retrieve=extend_schema(summary="A membership"),
)
@extend_schema(tags=["memberships"])
class MembershipViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Your memberships; owners change roles, directors remove members."""

    lookup_value_regex = ID_IN_PATH
    serializer_class = MembershipSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Membership.objects.none()
        user = self.request.user
        if self.action == "list":
            return Membership.objects.filter(user=user).select_related("user", "club")
        # A membership is visible to the members of its club.
        return Membership.objects.filter(club__memberships__user=user).select_related(
            "user", "club"
        )

    @extend_schema(
        summary="Change a member's role (owners)",
        request=RoleInputSerializer,
        responses=_with_errors({200: MembershipSerializer}),
    )
    @action(detail=True, methods=["post"])
    def role(self, request, pk=None):
        data = RoleInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.membership_set_role(
            request.user, get_object_or_404(Membership, pk=pk), data.validated_data["role"]
        )
        return Response(MembershipSerializer(membership).data)

    @extend_schema(
        summary="Remove a member (directors; owners for directors)",
        responses=_with_errors({204: None}),
    )
    def destroy(self, request, pk=None):
        services.membership_remove(request.user, get_object_or_404(Membership, pk=pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema_view(
    list=extend_schema(summary="Requests to join clubs"),
)
@extend_schema(tags=["memberships"])
class JoinRequestViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Requests to join closed clubs: your own, and those at clubs you direct."""

    lookup_value_regex = ID_IN_PATH
    serializer_class = JoinRequestSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return JoinRequest.objects.none()
        user = self.request.user
        directed = Membership.objects.filter(
            user=user, role__in=[Membership.Role.OWNER, Membership.Role.DIRECTOR]
        ).values("club_id")
        return (
            JoinRequest.objects.filter(Q(user=user) | Q(club_id__in=directed))
            .select_related("user", "club")
            .order_by("-created_at")
        )

    def _decide(self, request, pk, service):
        join_request = get_object_or_404(JoinRequest, pk=pk)
        return Response(JoinRequestSerializer(service(request.user, join_request)).data)

    @extend_schema(
        summary="Approve a request (directors)",
        request=None,
        responses=_with_errors({200: JoinRequestSerializer}),
    )
    @action(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        return self._decide(request, pk, services.join_request_approve)

    @extend_schema(
        summary="Decline a request (directors)",
        request=None,
        responses=_with_errors({200: JoinRequestSerializer}),
    )
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        return self._decide(request, pk, services.join_request_decline)


# Nights and registrations ------------------------------------------------------------------------


@extend_schema_view(
    list=extend_schema(summary="Club nights"),
    retrieve=extend_schema(summary="A club night"),
)
@extend_schema(tags=["nights"])
@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter("club", OpenApiTypes.STR, description="Only this club's nights (slug)."),
        OpenApiParameter(
            "upcoming", OpenApiTypes.BOOL, description="Only nights that haven't started."
        ),
        OpenApiParameter("game", OpenApiTypes.STR, enum=["five_hundred", "pitch"]),
    ],
)
class NightViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Club nights: directors schedule, edit and cancel; people register and cancel."""

    lookup_value_regex = ID_IN_PATH
    serializer_class = NightSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        nights = ClubNight.objects.with_counts().select_related("club").order_by("starts_at")
        if self.action != "list":
            return nights
        params = self.request.query_params
        if params.get("club"):
            nights = nights.filter(club__slug=params["club"])
        game = choice_param(self.request, "game", Game.values)
        if game:
            nights = nights.filter(game=game)
        if bool_param(self.request, "upcoming"):
            nights = nights.upcoming()
        return nights

    def _read(self, night, code=status.HTTP_200_OK):
        night = self.get_queryset().get(pk=night.pk)
        return Response(self.get_serializer(night).data, status=code)

    @extend_schema(
        summary="Schedule a night (directors)",
        request=NightInputSerializer,
        responses=_with_errors({201: NightSerializer}),
    )
    def create(self, request):
        # Times without an offset are the club's wall-clock times.
        named = request.data.get("club") if hasattr(request.data, "get") else None
        club_zone = Club.objects.filter(slug=named).first() if isinstance(named, str) else None
        with timezone.override(club_zone.zoneinfo if club_zone else None):
            data = NightInputSerializer(data=request.data, context={"club": club_zone})
            data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        slug = values.pop("club", None)
        if not slug:
            return Response(
                {"detail": _("Say which club (its slug)."), "code": "invalid", "field": "club"},
                status=status.HTTP_400_BAD_REQUEST,
            )
        club = get_object_or_404(Club, slug=slug)
        night = services.night_schedule(request.user, club, **values)
        return self._read(night, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Edit a night (directors)",
        description="Capacity can't go below the number holding a seat (409); raising it "
        "promotes the waitlist.",
        request=NightInputSerializer(partial=True),
        responses=_with_errors({200: NightSerializer}),
    )
    def partial_update(self, request, pk=None):
        night = self.get_object()
        with timezone.override(night.club.zoneinfo):  # times without an offset: the club's
            data = NightInputSerializer(
                data=request.data, partial=True, context={"club": night.club}
            )
            data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        values.pop("club", None)
        services.night_update(request.user, night, **values)
        return self._read(night)

    @extend_schema(
        summary="Cancel a night (directors)",
        request=None,
        responses=_with_errors({200: NightSerializer}),
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        night = services.night_cancel(request.user, self.get_object())
        return self._read(night)

    @extend_schema(
        summary="Register for a night",
        description="You get a seat, or a place on the waitlist when the night is full "
        "(`status: waitlisted`).",
        request=None,
        responses=_with_errors({201: RegistrationSerializer}),
    )
    @action(detail=True, methods=["post"])
    def register(self, request, pk=None):
        registration = services.night_register(request.user, self.get_object())
        return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Cancel your registration",
        description="A freed seat goes to the first person waiting, who is told.",
        request=None,
        responses=_with_errors({200: RegistrationSerializer}),
    )
    @action(detail=True, methods=["post"])
    def unregister(self, request, pk=None):
        registration = services.night_unregister(request.user, self.get_object())
        return Response(RegistrationSerializer(registration).data)

    @extend_schema(
        summary="Who's coming",
        description="Club members and people registered see the seat holders and the "
        "waitlist; directors see everyone including cancellations. Filter with `status` "
        "(e.g. `checked_in`: the players to seat).",
        parameters=[
            OpenApiParameter("status", OpenApiTypes.STR, enum=list(Registration.Status.values))
        ],
        responses=_with_errors({200: RegistrationSerializer(many=True)}),
    )
    @action(detail=True, methods=["get"], permission_classes=[IsAuthenticated])
    def registrations(self, request, pk=None):
        night = self.get_object()
        access = club_access(request.user, night.club)
        registered = night.registrations.active().filter(user=request.user).exists()
        if not (access.is_member or registered):
            raise PermissionDenied(_("Only the club's members and people registered see the list."))
        registrations = night.registrations.select_related("user")
        if not access.is_director:
            registrations = registrations.active()
        wanted = choice_param(request, "status", Registration.Status.values)
        if wanted:
            registrations = registrations.filter(status=wanted)
        registrations = registrations.order_by("created_at", "id")
        page = self.paginate_queryset(registrations)
        return self.get_paginated_response(RegistrationSerializer(page, many=True).data)

    @extend_schema(
        summary="Add a walk-in (directors)",
        description="Give `username` for someone with an account, or `guest_name` for a guest "
        "without one. They are checked in at once.",
        request=WalkInInputSerializer,
        responses=_with_errors({201: RegistrationSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="walk-ins")
    def walk_in(self, request, pk=None):
        data = WalkInInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        registration = services.night_add_walk_in(
            request.user, self.get_object(), **data.validated_data
        )
        return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


@extend_schema_view(
    list=extend_schema(summary="Registrations for nights"),
    retrieve=extend_schema(summary="A registration"),
)
@extend_schema(tags=["nights"])
class RegistrationViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Your registrations; directors check people in, mark no-shows and undo either."""

    lookup_value_regex = ID_IN_PATH
    serializer_class = RegistrationSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Registration.objects.none()
        user = self.request.user
        if self.action == "list":
            return (
                Registration.objects.active()
                .filter(user=user)
                .select_related("user", "night")
                .with_waitlist_rank()
                .order_by("night__starts_at")
            )
        directed = Membership.objects.filter(
            user=user, role__in=[Membership.Role.OWNER, Membership.Role.DIRECTOR]
        ).values("club_id")
        return (
            Registration.objects.filter(Q(user=user) | Q(night__club_id__in=directed))
            .select_related("user", "night")
            .with_waitlist_rank()
        )

    def _act(self, pk, service):
        registration = get_object_or_404(Registration, pk=pk)
        return Response(RegistrationSerializer(service(self.request.user, registration)).data)

    @extend_schema(
        summary="Check a player in (directors)",
        request=None,
        responses=_with_errors({200: RegistrationSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request, pk=None):
        return self._act(pk, services.registration_check_in)

    @extend_schema(
        summary="Mark a no-show (directors)",
        request=None,
        responses=_with_errors({200: RegistrationSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="no-show")
    def no_show(self, request, pk=None):
        return self._act(pk, services.registration_mark_no_show)

    @extend_schema(
        summary="Undo a check-in (directors)",
        description="The player is registered again (a walk-in is taken off the list). "
        "409 when they aren't checked in, so a repeated request changes nothing.",
        request=None,
        responses=_with_errors({200: RegistrationSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="undo-check-in")
    def undo_check_in(self, request, pk=None):
        return self._act(pk, services.registration_undo_check_in)

    @extend_schema(
        summary="Undo a no-show (directors)",
        description="The player is registered again. 409 when they aren't marked as a no-show.",
        request=None,
        responses=_with_errors({200: RegistrationSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="undo-no-show")
    def undo_no_show(self, request, pk=None):
        return self._act(pk, services.registration_undo_no_show)

    @extend_schema(
        summary="Undo a check-in or no-show (directors)",
        description="Whichever the registration has; prefer undo-check-in and undo-no-show, "
        "which say what they take back.",
        request=None,
        responses=_with_errors({200: RegistrationSerializer}),
    )
    @action(detail=True, methods=["post"])
    def undo(self, request, pk=None):
        return self._act(pk, services.registration_undo)
